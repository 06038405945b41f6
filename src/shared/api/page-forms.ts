import { z } from 'zod';
import { tokenRequest } from './accounts';
import { tierIndex } from './membership';

/**
 * The fields of the forms a page posts to itself before its script has taken it over (decision
 * 085), where they differ from the API's: the server checks them with these, and the pages
 * check the same fields with the same rules.
 */

/** The sign-in page says "email" where the token endpoint says "username"; the code of a second factor when asked. */
export const signInPageForm = z.object({
  email: tokenRequest.shape.username,
  password: tokenRequest.shape.password,
  otp: tokenRequest.shape.otp,
});
export type SignInPageForm = z.input<typeof signInPageForm>;
export type SignInPageFields = z.output<typeof signInPageForm>;

/** The new password, twice (docs/product.md section 5: the rules are `passwordsAcceptable`). */
export const pwResetPageForm = z.object({ password: z.string().max(1024), confirmation: z.string().max(1024) });

/** The renewal's only field: the tier chosen. */
export const renewPageForm = z.object({ tier_index: tierIndex });
