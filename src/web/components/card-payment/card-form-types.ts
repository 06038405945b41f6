import type { ReactNode } from 'react';
import type { BillingAddress } from './billing-address';

export interface CardFormProps {
  clientSecret: string;
  /** docs/product.md section 7: where the provider sends the browser back after a redirect-based check. */
  returnUrl: string;
  billing: BillingAddress;
  /** The pay button's text, e.g. "Pay £50.00". */
  payLabel: string;
  /** Called once the card has been charged and the server asked to fulfil. */
  onPaid: () => void;
  /** Called when the card step fails: the provider's message, or null when it gave none. */
  onFailed: (reason: string | null) => void;
  /** Called when the payer tries (again): an earlier failure shown in the page gives way. */
  onAttempt?: () => void;
  /** Shown inside the form between the card fields and the pay button (e.g. the billing address). */
  children?: ReactNode;
  /** A membership's payment: Bacs Direct Debit may be chosen (decision 175). */
  directDebit?: boolean;
}

/** docs/product.md section 4: confirming is blocked, with a console warning only, until the card form is ready. */
export function warnNotReady(): void {
  console.warn('Card payment is not ready yet: the card details are incomplete.');
}
