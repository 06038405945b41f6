import type { Role } from '../../../../shared/domain/roles';
import { defineWords } from '../../../lib/words';

const ARMENIAN_ROLES: Record<Role, string> = { member: 'անդամ', editor: 'խմբագիր', admin: 'ադմինիստրատոր' };

/** The staff roles as the staff factor notice names them (decision 190): only staff read them. */
export const securityWords = defineWords(
  {
    /** The session's role (a role the page does not know shows as it is). */
    role: (role: string): string => role,
  },
  {
    role: (role: string): string => (ARMENIAN_ROLES as Record<string, string>)[role] ?? role,
  },
);
