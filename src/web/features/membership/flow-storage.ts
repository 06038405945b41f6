import { z } from 'zod';
import { proceedResponse } from '../../../shared/api/membership';
import { parseStoredJson } from '../../lib/stored-json';
import { billingAddress } from '../../components/card-payment/billing-address';

/**
 * What the registration and renewal steps hand each other, kept in sessionStorage so a reload or
 * a trip back to step one keeps it. Never the password.
 */
const KEYS = {
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

function read<T>(key: string, schema: z.ZodType<T>): T | undefined {
  return parseStoredJson((value) => schema.safeParse(value).data, storage()?.getItem(key) ?? null);
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
const storedStepOne = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type StoredStepOne = z.infer<typeof storedStepOne>;

export function withoutPassword(values: Record<string, unknown>): StoredStepOne {
  const kept: StoredStepOne = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'plain_pw') continue;
    if (typeof value === 'string' || typeof value === 'number' || value === null) kept[key] = value;
  }
  return kept;
}

export const readRegisterStepOne = () => read(KEYS.registerStepOne, storedStepOne);
export const saveRegisterStepOne = (values: Record<string, unknown>) => write(KEYS.registerStepOne, withoutPassword(values));

export const registerPayData = z.object({
  proceed: proceedResponse,
  billing: billingAddress,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type RegisterPayData = z.infer<typeof registerPayData>;

export const readRegisterPay = () => read(KEYS.registerPay, registerPayData);
export const saveRegisterPay = (data: RegisterPayData) => write(KEYS.registerPay, data);

/** docs/product.md: stored step-one data is cleared after success. */
export function clearRegistration(): void {
  remove(KEYS.registerStepOne);
  remove(KEYS.registerPay);
}

/**
 * The new member's one sign-in once the payment has made the account (decision 086): kept apart
 * from the steps, which are cleared on success, until the thank-you page has used it.
 */
export const joinSignIn = z.object({ payment_id: z.string(), secret: z.string() });
export type JoinSignIn = z.infer<typeof joinSignIn>;

export const readJoinSignIn = () => read(KEYS.registerSignIn, joinSignIn);
export const saveJoinSignIn = (grant: JoinSignIn) => write(KEYS.registerSignIn, grant);
export const clearJoinSignIn = () => remove(KEYS.registerSignIn);

export const renewData = z.object({
  tier_index: z.number().int(),
  auto_renew: z.boolean().optional(),
  proceed: proceedResponse.optional(),
});
export type RenewData = z.infer<typeof renewData>;

export const readRenew = () => read(KEYS.renew, renewData);
export const saveRenew = (data: RenewData) => write(KEYS.renew, data);
export const clearRenew = () => remove(KEYS.renew);
