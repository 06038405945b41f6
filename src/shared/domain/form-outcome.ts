import type { DonateProceedRequest } from '../api/donations';
import type { ProceedResponse } from '../api/membership';
import type { Role } from './roles';
import type { SiteTextKey } from './site-text';

/**
 * A form posted to a page before the page's script took it over (a slow phone, a blocked
 * script) is answered by the server with that same page and what became of it: the outcome,
 * written into the page for the browser to read (decision 085). Types only: no zod, as the
 * outcome is read on the first load of any page.
 */

/** The id of the `<script type="application/json">` that carries the outcome. */
export const FORM_OUTCOME_ELEMENT_ID = 'form-outcome';

/** The forms the server completes or answers itself; `other` is any other form, which it does not act on. */
export type PageFormName = 'signIn' | 'pwForgot' | 'pwReset' | 'register' | 'donate' | 'renew' | 'booking' | 'other';

/** A plain message for the person: a site text, or the server's own words (a rate limit, a refusal). */
export type FormMessage = { tone: 'error' | 'success' | 'info'; key?: SiteTextKey; text?: string };

/** What the script finishes when it arrives: keeping a session, going on to the next step. */
export type FormHandover =
  | {
      kind: 'session';
      session: { token: string; username: string; role: Role };
      /** Staff without a second factor set one up first (decision 132). */
      secondFactorSetup?: 'required' | 'grace';
    }
  | {
      kind: 'register-pay';
      proceed: ProceedResponse;
      billing: { line1: string; line2: string; city: string; postal_code: string };
      first_name: string;
      last_name: string;
      email: string;
    }
  | { kind: 'donation'; request: DonateProceedRequest; clientSecret: string; amount: number }
  /** A monthly gift begun before the script: the setup flow saves the card when it arrives (decision 170). */
  | { kind: 'monthly-gift'; request: DonateProceedRequest; giftId: string; clientSecret: string; setupIntentId: string };

export type FormOutcome = {
  form: PageFormName;
  message?: FormMessage;
  /** The form's work is done (a reset link sent, a password changed): the page shows that, not the form. */
  done?: boolean;
  /** What is wrong with each field, by the field's name. */
  fields?: Record<string, string>;
  /** The values as they were sent, to put back in the form: never a password. */
  values?: Record<string, string>;
  /** A right password whose account has a second factor: the factors it has (the form asks for the code). */
  secondFactor?: string[];
  handover?: FormHandover;
};
