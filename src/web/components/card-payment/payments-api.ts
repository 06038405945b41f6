import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { BodyInput } from '../../../shared/api/contract';
import { paymentsApi } from '../../../shared/api/payments';
import { ApiError, apiRequest } from '../../lib/api';

export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['payments-config'],
    queryFn: ({ signal }) => apiRequest(paymentsApi.config, { signal, auth: false }),
    staleTime: Infinity,
  });
}

/** The test provider's card step; a refusal is a 402 whose detail is the provider's message. */
export function testConfirm(clientSecret: string, card: Omit<BodyInput<typeof paymentsApi.testConfirm>, 'client_secret'>) {
  return apiRequest(paymentsApi.testConfirm, { body: { client_secret: clientSecret, ...card }, auth: false });
}

/** The test provider's authentication step, answered by the payer; a cancel is a 402 with Stripe's words. */
export function testAuthenticate(clientSecret: string, outcome: 'complete' | 'cancel') {
  return apiRequest(paymentsApi.testAuthenticate, { body: { client_secret: clientSecret, outcome }, auth: false });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a successful card step the server checks with the provider and fulfils (idempotent), so a
 * site without webhooks still completes. A brief network failure is retried; if it keeps failing
 * the card has still been charged and the webhook fulfils, so the journey goes on regardless.
 * Answers the payment's status as the provider gives it, or null when the server could not say.
 */
export async function settlePayment(clientSecret: string): Promise<string | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await apiRequest(paymentsApi.settle, { body: { client_secret: clientSecret }, auth: false })).status;
    } catch (error) {
      const retryable = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
      if (!retryable || attempt >= 3) {
        console.warn('Settling the payment failed; the provider webhook will complete it.', error);
        return null;
      }
      await pause(500 * attempt);
    }
  }
}

/** The query parameter Stripe adds when it returns the browser after a method that left the page. */
const RETURN_SECRET_PARAM = 'payment_intent_client_secret';

/** The client secret a return address carries, if the provider sent the browser back here. */
export function returnedSecret(search: string): string | null {
  return new URLSearchParams(search).get(RETURN_SECRET_PARAM);
}

/** The history state a finished payment leaves for its thank-you page, which otherwise thanks no one. */
export const COMPLETED_FLOW = { completed: true } as const;

/**
 * How a payment that came back from the provider stands, when it did not succeed: taken but not yet
 * confirmed by the bank (or the server could not say: the webhook completes it), or not taken.
 */
export type ReturnOutcome = 'processing' | 'failed';

/** What the settle call's answer means for the person who came back (decision 145). */
export function returnOutcome(status: string | null): 'succeeded' | ReturnOutcome {
  if (status === 'succeeded') return 'succeeded';
  return status === 'processing' || status === null ? 'processing' : 'failed';
}

/** Whether this page was reached by finishing a payment (not opened from a bookmark or typed). */
export function useCompletedFlow(): boolean {
  const state = useLocation().state as { completed?: unknown } | null;
  return state?.completed === true;
}

/** A return from the provider that did not succeed, as useSettleOnReturn left it in the history entry. */
export function useReturnOutcome(): ReturnOutcome | null {
  const state = useLocation().state as { payment?: unknown } | null;
  return state?.payment === 'processing' || state?.payment === 'failed' ? state.payment : null;
}

/**
 * On a payment's return address (docs/product.md section 7, decision 145): settles a payment that
 * came back from a method that left the page, through the one settle call, and takes the client
 * secret out of the address bar, leaving the outcome in the history entry (a reload shows it
 * again without settling again; settling twice would change nothing anyway). A GET of the
 * address alone (a scanner, a preview) does nothing: only the page's script settles, and only
 * what the provider says was paid is fulfilled. True while settling.
 */
export function useSettleOnReturn(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const secret = returnedSecret(location.search);
  const [settling, setSettling] = useState(secret !== null);

  useEffect(() => {
    if (!secret) return;
    let live = true;
    void settlePayment(secret).then((status) => {
      if (!live) return;
      setSettling(false);
      const outcome = returnOutcome(status);
      // The address's fragment says what succeeded (/profile#renewed): not kept when nothing did.
      void navigate(
        { pathname: location.pathname, search: '', hash: outcome === 'succeeded' ? location.hash : '' },
        { replace: true, state: outcome === 'succeeded' ? COMPLETED_FLOW : { payment: outcome } },
      );
    });
    return () => {
      live = false;
    };
  }, [secret, navigate, location.pathname, location.hash]);

  return secret !== null && settling;
}
