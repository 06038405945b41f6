import { useEffect } from 'react';
import { isCardStepPage } from '../../shared/domain/page-paths';
import { apiRequest, lazyEndpoints } from '../lib/api';

// Loaded only when a card step is reached from another page's document (decision 062).
const paymentsApi = lazyEndpoints(() => import('../../shared/api/payments').then((m) => m.paymentsApi));

/** The address this document was loaded at: its Permissions-Policy came with it. */
const documentPath = typeof window === 'undefined' ? null : window.location.pathname;

let stripeOn: Promise<boolean> | null = null;

/**
 * A browser keeps the Permissions-Policy of the document it loaded, however the address changes
 * after. Only a card step's page lets Stripe's frame offer Apple Pay and Google Pay (decision
 * 145), so when the site's own links lead from another page to a card step while Stripe is on,
 * the card step's page is loaded as a document of its own, before anything is typed into it
 * (the steps before it keep what was typed in the session's storage).
 */
export function useCardStepDocument(pathname: string): void {
  useEffect(() => {
    if (documentPath === null || !isCardStepPage(pathname) || isCardStepPage(documentPath)) return;
    let live = true;
    stripeOn ??= apiRequest(paymentsApi.config, { auth: false }).then(
      (config) => config.provider === 'stripe',
      // Without the answer the card step says why itself; the page stays as it is.
      () => false,
    );
    void stripeOn.then((stripe) => {
      if (live && stripe && window.location.pathname === pathname) window.location.reload();
    });
    return () => {
      live = false;
    };
  }, [pathname]);
}
