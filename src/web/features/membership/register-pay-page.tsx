import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { formatPence } from '../../../shared/domain/money';
import { PageBanner } from '../../components/page-banner';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { BillingAddressFields } from '../../components/card-payment/billing-address-fields';
import { CardPayment } from '../../components/card-payment/card-payment';
import { clearRegistration, readRegisterPay, type RegisterPayData } from './flow-storage';
import { registerConfirmSimple } from './membership-api';
import { Panel, PanelTitle } from '../../components/panel';
import { RegisterSteps } from './membership-layout';
import { PaymentSummary } from './payment-summary';

export function RegisterPayPage() {
  const { t } = useSiteText();
  usePageTitle(t('register.pay.title'));
  // Read once: clearing the data on success must not bounce the page back to step one.
  const [data] = useState(readRegisterPay);
  if (!data) return <Navigate to="/register" replace />;
  return <RegisterPay data={data} />;
}

function RegisterPay({ data }: { data: RegisterPayData }) {
  const { t } = useSiteText();
  const navigate = useNavigate();
  const [billing, setBilling] = useState(data.billing);
  const { proceed } = data;
  const paid = Boolean(proceed.client_secret);

  function done() {
    clearRegistration();
    void navigate('/register/thanks', { replace: true });
  }

  const confirm = useMutation({
    mutationFn: () => registerConfirmSimple(proceed),
    onSuccess: done,
    onError: () => window.alert(t('pay.unexpected')),
  });

  const rows = [
    { label: t('pay.member'), value: `${data.first_name} ${data.last_name}` },
    { label: t('register.email'), value: data.email },
  ];

  return (
    <>
      <PageBanner title="register.pay.title" intro={paid ? 'register.pay.intro' : 'register.pay.free_intro'} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box sx={{ maxWidth: 760, mx: 'auto' }}>
          <RegisterSteps active={1} />
        </Box>
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
              rows={rows}
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
                    {t('register.pay.confirm')}
                  </Button>
                )
              }
            />
            <Button component={RouterLink} to="/register" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
              {t('register.pay.change')}
            </Button>
          </Stack>

          {proceed.client_secret && (
            <Panel labelledBy="pay-card">
              <PanelTitle id="pay-card" k="pay.card_title" />
              <CardPayment
                clientSecret={proceed.client_secret}
                returnUrl={`${window.location.origin}/register/thanks`}
                billing={billing}
                payLabel={`${t('pay.pay')} ${formatPence(proceed.tier.pence)}`}
                onPaid={done}
                onFailed={(reason) => window.alert(`${t('pay.failed_prefix')} ${reason ?? t('pay.failed_default')}`)}
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
