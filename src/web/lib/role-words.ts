import type { Role } from '../../shared/domain/roles';
import { defineWords } from './words';

const ARMENIAN_ROLES: Record<Role, string> = { member: 'անդամ', editor: 'խմբագիր', admin: 'ադմինիստրատոր' };

/** A role as the staff's notices name it (decision 190): only staff read them. */
export const roleWords = defineWords(
  {
    /** The session's role (a role the page does not know shows as it is). */
    role: (role: string): string => role,
  },
  {
    role: (role: string): string => (ARMENIAN_ROLES as Record<string, string>)[role] ?? role,
  },
);
