import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { formatPence } from '../../../../shared/domain/money';
import { PAGE } from '../../../../shared/domain/page-paths';
import { settlePayment, testAuthenticate, usePaymentsConfig } from '../../../components/card-payment/payments-api';
import { TestAuthenticationStep } from '../../../components/card-payment/test-authentication-step';
import { LoadError } from '../../../components/load-error';
import { LoadingRegion } from '../../../components/loading-region';
import { PageBanner } from '../../../components/page-banner';
import { Panel } from '../../../components/panel';
import { apiRequest, errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatLongDate } from '../membership-format';
import { autoRenewalApi, testConfirmSaved } from './auto-renew-api';
import { stripeFor } from '../../../components/card-payment/stripe-instance';

/**
 * The page behind the "confirm the payment" link of an automatic renewal the bank wanted the
 * member present for. Opening it changes nothing (a mail scanner may open it); only the button
 * confirms, with the saved card and the bank's own check (docs/architecture.md "Mail").
 */
export function AutoRenewPaymentPage() {
  const { t } = useSiteText();
  usePageTitle(t('auto_renew.pay_title'));
  const session = useSession();
  const { paymentId = '' } = useParams();
  if (!session) return <Navigate to={PAGE.signIn} replace />;
  return (
    <>
      <PageBanner title="auto_renew.pay_title" intro="auto_renew.pay_intro" />
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
        <ConfirmPayment paymentId={paymentId} />
      </Container>
    </>
  );
}

function ConfirmPayment({ paymentId }: { paymentId: string }) {
  const { t, language } = useSiteText();
  const client = useQueryClient();
  const config = usePaymentsConfig();
  const payment = useQuery({
    queryKey: ['auto-renew-payment', paymentId],
    queryFn: ({ signal }) => apiRequest(autoRenewalApi.payment, { params: { payment_id: paymentId }, signal }),
    retry: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The test provider's bank check, open for this client secret (a new key for each check). */
  const [bankCheck, setBankCheck] = useState<string | null>(null);

  async function done() {
    await client.invalidateQueries({ queryKey: ['auto-renew-payment', paymentId] });
    await client.invalidateQueries({ queryKey: ['member_info'] });
  }
  const failed = (error: unknown) => setFailure(`${t('auto_renew.pay_failed')} ${errorMessage(error, t('pay.failed_default'))}`);

  async function confirm() {
    setConfirming(true);
    setFailure(null);
    try {
      const opened = await apiRequest(autoRenewalApi.authenticate, { params: { payment_id: paymentId } });
      if (config.data?.provider === 'stripe' && config.data.publishable_key) {
        // Stripe.js confirms with the saved card and shows the bank's check (3-D Secure).
        const stripe = await stripeFor(config.data.publishable_key);
        if (!stripe) throw new Error('Stripe.js did not load');
        const result = await stripe.confirmPayment({
          clientSecret: opened.client_secret,
          confirmParams: { payment_method: opened.payment_method_id, return_url: window.location.href },
          redirect: 'if_required',
        });
        if (result.error) throw new Error(result.error.message ?? t('pay.failed_default'));
        await settlePayment(opened.client_secret);
        await done();
      } else if ((await testConfirmSaved(opened.client_secret)).status === 'requires_action') {
        setBankCheck(opened.client_secret);
        return;
      } else {
        await done();
      }
    } catch (error) {
      failed(error);
    }
    setConfirming(false);
  }

  /** The member's answer to the test provider's bank check: completed, it pays; cancelled, nothing is taken. */
  async function answered(clientSecret: string, complete: boolean) {
    setBankCheck(null);
    try {
      await testAuthenticate(clientSecret, complete ? 'complete' : 'cancel');
      await done();
    } catch (error) {
      failed(error);
    }
    setConfirming(false);
  }

  if (payment.isPending)
    return (
      <LoadingRegion>
        <Skeleton variant="rounded" height={160} />
      </LoadingRegion>
    );
  if (payment.isError)
    return <LoadError message={t('auto_renew.pay_closed')} error={payment.error} onRetry={() => void payment.refetch()} />;
  const { pence, period, status } = payment.data;
  return (
    <Panel>
      <Stack spacing={2.5}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
          <div>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('auto_renew.pay_amount')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {formatPence(pence, language)}
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('auto_renew.pay_period')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {formatLongDate(period.start, language)} – {formatLongDate(period.end, language)}
            </Typography>
          </div>
        </Box>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {status === 'requires_action' ? (
          <Button variant="contained" size="large" loading={confirming} onClick={() => void confirm()}>
            {t('auto_renew.pay_button')}
          </Button>
        ) : (
          <Alert severity={status === 'succeeded' ? 'success' : 'info'} role="status">
            {t(status === 'succeeded' ? 'auto_renew.pay_done' : 'auto_renew.pay_closed')}
          </Alert>
        )}
        {bankCheck && <TestAuthenticationStep key={bankCheck} open onAnswer={(complete) => void answered(bankCheck, complete)} />}
        <Button component={RouterLink} to={PAGE.profile} sx={{ alignSelf: 'flex-start' }}>
          {t('profile.title')}
        </Button>
      </Stack>
    </Panel>
  );
}
