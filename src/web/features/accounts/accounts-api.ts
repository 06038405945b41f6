import { succeededResponse } from '../../../shared/api/common';
import { membershipPaths, pwResetValidateResponse } from '../../../shared/api/membership';
import { apiRequest } from '../../lib/api';

export function requestPasswordReset(email: string) {
  return apiRequest(membershipPaths.pwForgot, succeededResponse, { method: 'POST', json: { email }, auth: false });
}

export function validateResetLink(uid: string, signal?: AbortSignal) {
  return apiRequest(membershipPaths.pwResetValidate(uid), pwResetValidateResponse, { auth: false, signal });
}

export function submitPasswordReset(uid: string, newPassword: string) {
  return apiRequest(membershipPaths.pwResetSubmit, succeededResponse, { method: 'POST', json: { uid, newPassword }, auth: false });
}
