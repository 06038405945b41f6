/** The roles an account can have, least to most rights. The contract's `role` schema is built from this list. */
export const roles = ['member', 'editor', 'admin'] as const;
export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return roles.includes(value as Role);
}
