import type { Role } from '../../../../shared/domain/roles';
import { defineWords } from '../../../lib/words';

/** The staff roles as the staff factor notice names them (decision 190): only staff read them. */
export const securityWords = defineWords(
  {
    role: (role: Role | string): string => ({ member: 'member', editor: 'editor', admin: 'admin' })[role] ?? role,
  },
  {
    role: (role: Role | string): string => ({ member: 'անդամ', editor: 'խմբագիր', admin: 'ադմինիստրատոր' })[role] ?? role,
  },
);
