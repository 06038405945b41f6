import { z } from 'zod';
import { tiers } from '../domain/tiers';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';

const required = (label: string, max: number) => z.string().trim().min(1, `Enter your ${label}`).max(max, `At most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const tierIndex = z
  .number({ error: 'Choose a membership tier' })
  .int()
  .refine((i) => tiers.some((t) => t.index === i), 'Choose a membership tier');

export const PASSWORD_MIN_LENGTH = 8;
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024, 'At most 1,024 characters');

export const emailAddress = z.string().trim().max(254, 'At most 254 characters').pipe(z.email('Enter a valid e-mail address'));

/** SPEC section 3 "Registration form (step one)"; required and optional as SPEC section 5. */
export const registrationForm = z.object({
  tier_index: tierIndex,
  first_name: required('first name', 100),
  last_name: required('last name', 100),
  email: emailAddress,
  plain_pw: newPassword,
  qualifications: optional(300),
  workplace: optional(200),
  job_title: optional(200),
  grad_year: z
    .union([z.number().int().min(1950, 'Enter a year like 2028').max(2100, 'Enter a year like 2028'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  addr_line1: required('address', 200),
  addr_line2: optional(200),
  addr_city: required('town or city', 100),
  addr_post: required('postcode', 20),
  phone_no: required('phone number', 40).regex(/^[+0-9 ()-]{6,}$/, 'Enter a phone number using digits, spaces and + ( ) -'),
});
export type RegistrationForm = z.input<typeof registrationForm>;

/** SPEC: "Registration or renewal proceed response". `payment_id` names the pending purchase. */
export const proceedResponse = z.object({
  tier: z.object({ name: z.string(), pence: z.number().int() }),
  date_effective: z.string(),
  client_secret: z.string().optional(),
  payment_id: z.string(),
});
export type ProceedResponse = z.infer<typeof proceedResponse>;

/** The `*_confirm_simple` calls send the proceed result back; only `payment_id` is read. */
export const confirmSimpleRequest = z.object({ payment_id: z.string().trim().min(1).max(100) }).loose();

export const renewProceedRequest = z.object({ tier_index: tierIndex });

export const memberInfo = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  registered_date: z.string().nullable(),
  last_renewed_date: z.string().nullable(),
  tier_index: z.number().int().nullable(),
  role: z.enum(['member', 'editor', 'admin']),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const membershipApi = defineEndpoints('membership', {
  registerProceed: {
    method: 'POST',
    path: '/api/register_proceed',
    summary: 'Step one of joining: prices the tier on the server and starts the card payment (no client_secret when it is free)',
    body: { kind: 'json', schema: registrationForm },
    response: proceedResponse,
    errors: { 409: 'An account with this e-mail address exists', 429: 'Too many attempts from this client' },
  },
  registerConfirmSimple: {
    method: 'POST',
    path: '/api/register_confirm_simple',
    summary: 'Completes a free registration (only when the server-side price is 0); send the proceed result back',
    body: { kind: 'json', schema: confirmSimpleRequest },
    response: succeededResponse,
  },
  memberInfo: {
    method: 'GET',
    path: '/api/member_info',
    summary: "The signed-in member's details, tier and dates",
    response: memberInfo,
  },
  renewProceed: {
    method: 'POST',
    path: '/api/renew_proceed',
    summary: 'Prices a renewal on the server and starts the card payment',
    body: { kind: 'json', schema: renewProceedRequest },
    response: proceedResponse,
  },
  renewConfirmSimple: {
    method: 'POST',
    path: '/api/renew_confirm_simple',
    summary: 'Completes a free renewal (only when the server-side price is 0); send the proceed result back',
    body: { kind: 'json', schema: confirmSimpleRequest },
    response: succeededResponse,
  },
});
