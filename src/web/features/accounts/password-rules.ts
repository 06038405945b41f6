import { PASSWORD_MIN_LENGTH } from '../../../shared/api/membership';

/** SPEC section 5: at least 8 characters and equal to the confirmation. */
export function passwordsAcceptable(password: string, confirmation: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password === confirmation;
}
