import { inLanguage, type Language } from '../../../shared/domain/language';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import type { DonateProceedRequest } from '../../../shared/api/donations';
import { formatPence } from '../../../shared/domain/money';
import { emptyBillingAddress, type BillingAddress } from '../../components/card-payment/billing-address';
import { CardPayment } from '../../components/card-payment/card-payment';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { giftAidBoost } from '../../../shared/api/donate-form';
import { Panel, PanelTitle } from '../../components/panel';

export interface ProceededDonation {
  request: DonateProceedRequest;
  clientSecret: string;
  /** The amount the server priced, in pence. */
  amount: number;
}

export interface DonateCardStepProps {
  donation: ProceededDonation;
  onBack: () => void;
  onPaid: () => void;
}

/**
 * "£25.00 from Ani Sargsyan", or "£25.00 from an anonymous donor": the site texts as words of
 * their own, so the admin's right-click finds them.
 */
export function donorLine(
  amount: number,
  name: string | null,
  t: (key: 'donate.from' | 'donate.from_anonymous') => string,
  language: Language,
): ReactNode {
  return name === null ? (
    <>
      {formatPence(amount, language)} {t('donate.from_anonymous')}
    </>
  ) : (
    <>
      {formatPence(amount, language)} {t('donate.from')} {name}
    </>
  );
}

/** Step 2: the confirmation of amount and donor, the card, and Back to step 1. */
export function DonateCardStep({ donation, onBack, onPaid }: DonateCardStepProps) {
  const { t, language } = useSiteText();
  const { request, amount, clientSecret } = donation;
  const giftAid = request.gift_aid;
  // A Gift Aid declaration already holds the donor's home address: it is the likely billing address too.
  const billing = useMemo<BillingAddress>(
    () => (giftAid ? { ...emptyBillingAddress, line1: giftAid.house, postal_code: giftAid.postcode ?? '' } : emptyBillingAddress),
    [giftAid],
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
      }}
    >
      <Stack spacing={2}>
        <Panel labelledBy="donate-confirm" sx={{ bgcolor: '#fbfbfc' }}>
          <PanelTitle id="donate-confirm" k="donate.confirm_title" tabIndex={-1} />
          <Typography
            sx={{ fontSize: '1.35rem', fontWeight: 700, color: 'primary.dark', overflowWrap: 'anywhere' }}
            data-testid="donate-summary"
          >
            {donorLine(amount, request.name, t, language)}
          </Typography>
          <Divider sx={{ my: 2.5 }} />
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.75 }}>
            <div>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t('donate.receipt_to')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {request.email}
              </Typography>
            </div>
            {giftAid && (
              <div>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('donate.gift_aid_label')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                  {t('donate.with_gift_aid')} {formatPence(giftAidBoost(amount), language)}
                </Typography>
              </div>
            )}
          </Box>
        </Panel>
        <Button onClick={onBack} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
          {t('donate.back')}
        </Button>
      </Stack>

      <Panel labelledBy="donate-card">
        <PanelTitle id="donate-card" k="donate.card_title" />
        <CardPayment
          clientSecret={clientSecret}
          returnUrl={`${window.location.origin}${inLanguage('/donate/thanks', language)}`}
          billing={billing}
          payLabel={`${t('donate.pay')} ${formatPence(amount, language)}`}
          onPaid={onPaid}
          onFailed={(reason) => window.alert(`${t('pay.failed_prefix')} ${reason ?? t('pay.failed_default')}`)}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2.5, alignItems: 'flex-start', color: 'text.secondary' }}>
          <LockOutlinedIcon aria-hidden fontSize="small" sx={{ mt: 0.25 }} />
          <Typography variant="body2">
            <SiteText k="pay.secure" />
          </Typography>
        </Stack>
      </Panel>
    </Box>
  );
}
