import { succeededResponse } from '../../../shared/api/common';
import { pwResetValidateResponse } from '../../../shared/api/membership';
import { apiRequest } from '../../lib/api';

export const passwordPaths = {
  forgot: '/api/pw_forgot',
  validate: (uid: string) => `/api/pw_reset_validate/${encodeURIComponent(uid)}`,
  submit: '/api/pw_reset_submit',
} as const;

export function requestPasswordReset(email: string) {
  return apiRequest(passwordPaths.forgot, succeededResponse, { method: 'POST', json: { email }, auth: false });
}

export function validateResetLink(uid: string, signal?: AbortSignal) {
  return apiRequest(passwordPaths.validate(uid), pwResetValidateResponse, { auth: false, signal });
}

export function submitPasswordReset(uid: string, newPassword: string) {
  return apiRequest(passwordPaths.submit, succeededResponse, { method: 'POST', json: { uid, newPassword }, auth: false });
}
