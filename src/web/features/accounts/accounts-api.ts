import { accountsApi } from '../../../shared/api/accounts';
import { apiRequest } from '../../lib/api';

export function requestPasswordReset(email: string) {
  return apiRequest(accountsApi.pwForgot, { body: { email }, auth: false });
}

export function validateResetLink(uid: string, signal?: AbortSignal) {
  return apiRequest(accountsApi.pwResetValidate, { params: { uid }, auth: false, signal });
}

export function submitPasswordReset(uid: string, newPassword: string) {
  return apiRequest(accountsApi.pwResetSubmit, { body: { uid, newPassword }, auth: false });
}
