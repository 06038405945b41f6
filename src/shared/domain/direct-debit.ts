/**
 * Bacs Direct Debit (decision 175): what the test provider's step checks of the bank details, the
 * test accounts that behave as Stripe's, and how long a debit takes to settle.
 */

/** A Direct Debit's outcome is known this many working days after it is submitted (Stripe: about three). */
export const DEBIT_WORKING_DAYS = 3;

/** Stripe's Bacs test sort code, and its test accounts by how the payment ends after processing. */
export const TEST_SORT_CODE = '108800';
export const TEST_DEBIT_ACCOUNTS: Record<string, 'succeeds' | 'fails'> = {
  '00012345': 'succeeds',
  '33333335': 'fails',
};

/** The bank's reason for the test account whose debit fails (Stripe's debit_not_authorized). */
export const DEBIT_NOT_AUTHORISED = 'The customer’s bank did not authorise this Direct Debit.';

export const DEBIT_MESSAGES = {
  sortCode: 'Enter the 6-digit sort code, like 10-88-00',
  accountNumber: 'Enter the 8-digit account number',
  accountHolder: 'Enter the name of the account holder',
  mandate: 'Confirm that you are the account holder and the only person needed to authorise debits from this account',
  notTest: 'Test mode only accepts the test bank details: sort code 10-88-00 with account 00012345 (paid) or 33333335 (fails).',
} as const;

export const sortCodeDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The day a debit submitted at `from` settles: weekends skipped (bank holidays are not known here). */
export function workingDaysAfter(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return at;
}
