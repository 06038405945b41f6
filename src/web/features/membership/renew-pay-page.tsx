import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { ProceedResponse } from '../../../shared/api/membership';
import { emptyBillingAddress } from '../../components/card-payment/billing-address';
import { useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { clearRenew } from './flow-storage';
import { readRenew } from './flow-storage-schemas';
import { memberInfoKey, renewConfirmSimple } from './membership-api';
import { PayStep } from './pay-step';

export function RenewPayPage() {
  const { t } = useSiteText();
  usePageTitle(t('renew.pay.title'));
  const session = useSession();
  // Read once: clearing the data on success must not bounce the page back to /renew.
  const [proceed] = useState(() => readRenew()?.proceed);
  if (!session) return <Navigate to="/signIn" replace />;
  if (!proceed) return <Navigate to="/renew" replace />;
  return <RenewPay proceed={proceed} />;
}

function RenewPay({ proceed }: { proceed: ProceedResponse }) {
  const { t } = useSiteText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <PayStep
      proceed={proceed}
      flow={{
        text: {
          title: 'renew.pay.title',
          intro: 'renew.pay.intro',
          freeIntro: 'renew.pay.free_intro',
          confirm: 'renew.pay.confirm',
          change: 'renew.pay.change',
        },
        stepOne: '/renew',
        returnPath: '/profile#renewed',
        confirmSimple: renewConfirmSimple,
        done: async () => {
          clearRenew();
          await queryClient.invalidateQueries({ queryKey: memberInfoKey });
          void navigate('/profile#renewed', { replace: true });
        },
        // docs/product.md section 8: a renewal's card failure has its own fixed message.
        failedMessage: () => t('renew.payment_failed'),
        initialBilling: emptyBillingAddress,
        // The card paid with now is kept for next year's charge (decision 140).
        rows: proceed.auto_renew ? [{ label: t('auto_renew.summary_label'), value: t('auto_renew.summary_value') }] : [],
      }}
    />
  );
}
