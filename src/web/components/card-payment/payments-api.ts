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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a successful card step the server checks with the provider and fulfils (idempotent), so a
 * site without webhooks still completes. A brief network failure is retried; if it keeps failing
 * the card has still been charged and the webhook fulfils, so the journey goes on regardless.
 */
export async function settlePayment(clientSecret: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await apiRequest(paymentsApi.settle, { body: { client_secret: clientSecret }, auth: false });
      return;
    } catch (error) {
      const retryable = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
      if (!retryable || attempt >= 3) {
        console.warn('Settling the payment failed; the provider webhook will complete it.', error);
        return;
      }
      await pause(500 * attempt);
    }
  }
}

/** The query parameter Stripe adds when it returns the browser after a redirect-based check. */
const RETURN_SECRET_PARAM = 'payment_intent_client_secret';

/**
 * On a payment return URL (docs/product.md section 7), settles a payment that came back from the provider's
 * redirect and takes the client secret out of the address bar. True while settling.
 */
/** The history state a finished payment leaves for its thank-you page, which otherwise thanks no one. */
export const COMPLETED_FLOW = { completed: true } as const;

/** Whether this page was reached by finishing a payment (not opened from a bookmark or typed). */
export function useCompletedFlow(): boolean {
  const state = useLocation().state as { completed?: unknown } | null;
  return state?.completed === true;
}

export function useSettleOnReturn(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const secret = new URLSearchParams(location.search).get(RETURN_SECRET_PARAM);
  const [settling, setSettling] = useState(secret !== null);

  useEffect(() => {
    if (!secret) return;
    let live = true;
    void settlePayment(secret).then(() => {
      if (!live) return;
      setSettling(false);
      void navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true, state: COMPLETED_FLOW });
    });
    return () => {
      live = false;
    };
  }, [secret, navigate, location.pathname, location.hash]);

  return secret !== null && settling;
}
