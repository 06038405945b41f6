import { z } from 'zod';
import { proceedResponse } from '../../../shared/api/membership';
import { billingAddress } from '../../components/card-payment/billing-address';
import { FLOW_KEYS, readStored } from './flow-storage';

/** What a later step reads back from an earlier one (flow-storage.ts), checked against its shape. */
function check<T>(schema: z.ZodType<T>) {
  return (value: unknown) => schema.safeParse(value).data;
}

export const registerPayData = z.object({
  proceed: proceedResponse,
  billing: billingAddress,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type RegisterPayData = z.infer<typeof registerPayData>;

export const readRegisterPay = () => readStored(FLOW_KEYS.registerPay, check(registerPayData));

export const joinSignIn = z.object({ payment_id: z.string(), secret: z.string() });
export type JoinSignIn = z.infer<typeof joinSignIn>;

export const readJoinSignIn = () => readStored(FLOW_KEYS.registerSignIn, check(joinSignIn));

export const renewData = z.object({
  tier_index: z.number().int(),
  auto_renew: z.boolean().optional(),
  proceed: proceedResponse.optional(),
});
export type RenewData = z.infer<typeof renewData>;

export const readRenew = () => readStored(FLOW_KEYS.renew, check(renewData));
