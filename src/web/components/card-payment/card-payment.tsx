import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LoadError } from '../load-error';
import { LoadingRegion } from '../loading-region';
import { useSiteText } from '../../lib/site-text';
import type { CardFormProps } from './card-form-types';
import { usePaymentsConfig } from './payments-api';
import { TestCardForm } from './test-card-form';

// Stripe's script and React bindings are fetched only when a payment page shows the Stripe form.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export type { CardFormProps } from './card-form-types';

/** The card step of a payment: Stripe's Payment Element (decision 145), or the test provider's form when offline. */
export function CardPayment(props: CardFormProps) {
  const { t } = useSiteText();
  const config = usePaymentsConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  // The flow's alert (docs/product.md section 8) is gone once dismissed: the reason also stays in the page until the next attempt.
  const form: CardFormProps = {
    ...props,
    onFailed: (reason) => {
      setFailure(`${t('pay.failed_prefix')} ${reason ?? t('pay.failed_default')}`);
      props.onFailed(reason);
    },
    onAttempt: () => {
      setFailure(null);
      props.onAttempt?.();
    },
  };
  const shown = failure && (
    <Alert severity="error" ref={failureRef} tabIndex={-1} sx={{ mb: 2.5 }} data-testid="card-failure">
      {failure}
    </Alert>
  );

  if (config.isPending) return <CardFormSkeleton />;
  if (config.isError) return <LoadError message={t('card.load_failed')} error={config.error} onRetry={() => void config.refetch()} />;
  if (config.data.provider === 'stripe' && config.data.publishable_key) {
    return (
      <Suspense fallback={<CardFormSkeleton />}>
        {shown}
        <StripePaymentForm publishableKey={config.data.publishable_key} {...form} />
      </Suspense>
    );
  }
  return (
    <>
      {shown}
      <TestCardForm {...form} />
    </>
  );
}

function CardFormSkeleton() {
  return (
    <LoadingRegion>
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    </LoadingRegion>
  );
}
