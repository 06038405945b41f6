import { z } from 'zod';

/** docs/product.md section 7: the optional billing address sent with a card confirmation. */
export const billingAddress = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  postal_code: z.string(),
});
export type BillingAddress = z.infer<typeof billingAddress>;

export const emptyBillingAddress: BillingAddress = { line1: '', line2: '', city: '', postal_code: '' };

/** The provider refuses empty strings, so only the filled-in parts are sent. */
export function filledAddress(address: BillingAddress): Partial<BillingAddress> {
  return Object.fromEntries(
    Object.entries(address)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}
