import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import type { ProceedResponse } from '../../../shared/api/membership';
import { formatPence } from '../../../shared/domain/money';
import { PageBanner } from '../../components/page-banner';
import { SiteText } from '../../components/site-text';
import { useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { emptyBillingAddress } from '../../components/card-payment/billing-address';
import { BillingAddressFields } from '../../components/card-payment/billing-address-fields';
import { CardPayment } from '../../components/card-payment/card-payment';
import { clearRenew, readRenew } from './flow-storage';
import { memberInfoKey, renewConfirmSimple } from './membership-api';
import { Panel, PanelTitle } from '../../components/panel';
import { PaymentSummary } from './payment-summary';

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
  const [billing, setBilling] = useState(emptyBillingAddress);
  const paid = Boolean(proceed.client_secret);

  async function done() {
    clearRenew();
    await queryClient.invalidateQueries({ queryKey: memberInfoKey });
    void navigate('/profile#renewed', { replace: true });
  }

  const confirm = useMutation({
    mutationFn: () => renewConfirmSimple(proceed),
    onSuccess: done,
    onError: () => window.alert(t('pay.unexpected')),
  });

  return (
    <>
      <PageBanner title="renew.pay.title" intro={paid ? 'renew.pay.intro' : 'renew.pay.free_intro'} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: paid ? 'minmax(0, 5fr) minmax(0, 7fr)' : 'minmax(0, 560px)' },
            justifyContent: 'center',
          }}
        >
          <Stack spacing={2}>
            <PaymentSummary
              proceed={proceed}
              action={
                !paid && (
                  <Button
                    variant="contained"
                    size="large"
                    fullWidth
                    startIcon={<CheckIcon />}
                    loading={confirm.isPending}
                    onClick={() => confirm.mutate()}
                    sx={{ py: 1.3 }}
                  >
                    {t('renew.pay.confirm')}
                  </Button>
                )
              }
            />
            <Button component={RouterLink} to="/renew" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
              {t('renew.pay.change')}
            </Button>
          </Stack>

          {proceed.client_secret && (
            <Panel labelledBy="pay-card">
              <PanelTitle id="pay-card" k="pay.card_title" />
              <CardPayment
                clientSecret={proceed.client_secret}
                returnUrl={`${window.location.origin}/profile#renewed`}
                billing={billing}
                payLabel={`${t('pay.pay')} ${formatPence(proceed.tier.pence)}`}
                onPaid={() => void done()}
                // SPEC section 8: a renewal's card failure has its own fixed message.
                onFailed={() => window.alert(t('renew.payment_failed'))}
              >
                <BillingAddressFields value={billing} onChange={setBilling} />
              </CardPayment>
              <Stack direction="row" spacing={1} sx={{ mt: 2.5, alignItems: 'flex-start', color: 'text.secondary' }}>
                <LockOutlinedIcon aria-hidden fontSize="small" sx={{ mt: 0.25 }} />
                <Typography variant="body2">
                  <SiteText k="pay.secure" />
                </Typography>
              </Stack>
            </Panel>
          )}
        </Box>
      </Container>
    </>
  );
}
