import { inLanguage } from '../../../shared/domain/language';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ProceedResponse } from '../../../shared/api/membership';
import { formatPence } from '../../../shared/domain/money';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import type { BillingAddress } from '../../components/card-payment/billing-address';
import { BillingAddressFields } from '../../components/card-payment/billing-address-fields';
import { CardPayment } from '../../components/card-payment/card-payment';
import { PageBanner } from '../../components/page-banner';
import { Panel, PanelTitle } from '../../components/panel';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { PaymentSummary, type SummaryRow } from './payment-summary';

/** What differs between paying to join and paying to renew (docs/product.md section 4). */
export interface PayFlow {
  text: { title: SiteTextKey; intro: SiteTextKey; freeIntro: SiteTextKey; confirm: SiteTextKey; change: SiteTextKey };
  /** Step one, for "Change my details" / "Change tier". */
  stepOne: '/register' | '/renew';
  /** docs/product.md section 7: where the card provider returns the browser after a redirect-based check. */
  returnPath: string;
  /** With no client secret (a free tier): the simple confirm call instead of a card payment. */
  confirmSimple: (proceed: ProceedResponse) => Promise<void>;
  /** After payment or the simple confirm: clear the stored steps and move on. */
  done: () => void | Promise<void>;
  /** The alert for a failed card payment, from the provider's reason when it gave one. */
  failedMessage: (reason: string | null) => string;
  /** Above the page (the registration's three steps). */
  steps?: ReactNode;
  rows?: SummaryRow[];
  initialBilling: BillingAddress;
}

/** The pay step of registration and renewal: the summary, then the card or a simple confirm. */
export function PayStep({ proceed, flow }: { proceed: ProceedResponse; flow: PayFlow }) {
  const { t, language } = useSiteText();
  const [billing, setBilling] = useState(flow.initialBilling);
  const paid = Boolean(proceed.client_secret);

  // Arriving at the pay step, focus goes to its heading (the card, or the summary of a free tier).
  useEffect(() => {
    document.getElementById(paid ? 'pay-card' : 'pay-summary')?.focus({ preventScroll: true });
  }, [paid]);

  const confirm = useMutation({
    mutationFn: () => flow.confirmSimple(proceed),
    onSuccess: () => flow.done(),
    // docs/product.md section 8: a failed simple confirm has one message for both flows.
    onError: () => window.alert(t('pay.unexpected')),
  });

  return (
    <>
      <PageBanner title={flow.text.title} intro={paid ? flow.text.intro : flow.text.freeIntro} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        {flow.steps && <Box sx={{ maxWidth: 760, mx: 'auto' }}>{flow.steps}</Box>}
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
              rows={flow.rows}
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
                    {t(flow.text.confirm)}
                  </Button>
                )
              }
            />
            <Button component={RouterLink} to={flow.stepOne} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
              {t(flow.text.change)}
            </Button>
          </Stack>

          {proceed.client_secret && (
            <Panel labelledBy="pay-card">
              <PanelTitle id="pay-card" k="pay.card_title" tabIndex={-1} />
              <CardPayment
                clientSecret={proceed.client_secret}
                returnUrl={`${window.location.origin}${inLanguage(flow.returnPath, language)}`}
                billing={billing}
                payLabel={`${t('pay.pay')} ${formatPence(proceed.tier.pence, language)}`}
                directDebit
                onPaid={() => void flow.done()}
                onFailed={(reason) => window.alert(flow.failedMessage(reason))}
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
