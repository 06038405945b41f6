import { parseStoredJson } from '../../lib/stored-json';
import type { JoinSignIn, RegisterPayData, RenewData } from './flow-storage-schemas';

/**
 * What the registration and renewal steps hand each other, kept in sessionStorage so a reload or
 * a trip back to step one keeps it. Never the password. Writing and step one need no schema, so
 * the join form loads no zod with its page (decision 221); the steps that read back what an
 * earlier step wrote check it against its schema (flow-storage-schemas.ts).
 */
export const FLOW_KEYS = {
  registerStepOne: 'membership.register.step_one',
  registerPay: 'membership.register.pay',
  registerSignIn: 'membership.register.sign_in',
  renew: 'membership.renew',
} as const;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** What is kept under `key`, if it passes `check`. */
export function readStored<T>(key: string, check: (value: unknown) => T | undefined): T | undefined {
  return parseStoredJson(check, storage()?.getItem(key) ?? null);
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the journey still works within this page.
  }
}

function remove(key: string): void {
  storage()?.removeItem(key);
}

/** The step-one fields as typed, for prefilling the form on return; the password is dropped. */
export type StoredStepOne = Record<string, string | number | null>;

export function withoutPassword(values: Record<string, unknown>): StoredStepOne {
  const kept: StoredStepOne = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'plain_pw') continue;
    if (typeof value === 'string' || typeof value === 'number' || value === null) kept[key] = value;
  }
  return kept;
}

/** Step one as kept: an object of texts, numbers and nulls, or nothing at all. */
function storedStepOne(value: unknown): StoredStepOne | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const fields = Object.values(value as Record<string, unknown>);
  return fields.every((field) => typeof field === 'string' || typeof field === 'number' || field === null)
    ? (value as StoredStepOne)
    : undefined;
}

export const readRegisterStepOne = () => readStored(FLOW_KEYS.registerStepOne, storedStepOne);
export const saveRegisterStepOne = (values: Record<string, unknown>) => write(FLOW_KEYS.registerStepOne, withoutPassword(values));

export const saveRegisterPay = (data: RegisterPayData) => write(FLOW_KEYS.registerPay, data);

/** docs/product.md: stored step-one data is cleared after success. */
export function clearRegistration(): void {
  remove(FLOW_KEYS.registerStepOne);
  remove(FLOW_KEYS.registerPay);
}

/**
 * The new member's one sign-in once the payment has made the account (decision 086): kept apart
 * from the steps, which are cleared on success, until the thank-you page has used it.
 */
export const saveJoinSignIn = (grant: JoinSignIn) => write(FLOW_KEYS.registerSignIn, grant);
export const clearJoinSignIn = () => remove(FLOW_KEYS.registerSignIn);

export const saveRenew = (data: RenewData) => write(FLOW_KEYS.renew, data);
export const clearRenew = () => remove(FLOW_KEYS.renew);
