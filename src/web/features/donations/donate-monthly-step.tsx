import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DonateProceedRequest } from '../../../shared/api/donations';
import type { MonthlyGift } from '../../../shared/api/monthly-gifts';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { Panel, PanelTitle } from '../../components/panel';
import { SaveCardForm } from '../../components/save-card/save-card-form';
import { errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { giftAidBoost } from '../../../shared/api/donate-form';
import { confirmMonthlyGift } from './monthly-gifts-api';

export interface BegunMonthlyGift {
  request: DonateProceedRequest;
  giftId: string;
  clientSecret: string;
  setupIntentId: string;
}

/**
 * Step 2 of a monthly gift (decision 170): the card is saved with the provider by the setup flow,
 * then the gift starts and its first month is taken. A declined first month starts nothing.
 */
export function DonateMonthlyStep({ gift, onBack }: { gift: BegunMonthlyGift; onBack: (declined: boolean) => void }) {
  const { t, language } = useSiteText();
  const { request } = gift;
  const [started, setStarted] = useState<MonthlyGift | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSaved(setupIntentId: string) {
    setFailure(null);
    try {
      const answer = await confirmMonthlyGift(gift.giftId, setupIntentId);
      if (answer.first_payment.status === 'succeeded') setStarted(answer.gift);
      else setDeclined(answer.first_payment.message ?? t('pay.failed_default'));
    } catch (error) {
      setFailure(errorMessage(error, t('monthly.confirm_failed')));
    }
  }

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
          <PanelTitle id="donate-confirm" k="monthly.confirm_title" tabIndex={-1} />
          <Typography
            sx={{ fontSize: '1.35rem', fontWeight: 700, color: 'primary.dark', overflowWrap: 'anywhere' }}
            data-testid="donate-summary"
          >
            {formatPence(Number(request.amount), language)} {t('monthly.every_month')}
            {request.name === null ? ` ${t('donate.from_anonymous')}` : ` ${t('donate.from')} ${request.name}`}
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
            {request.gift_aid && (
              <div>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('donate.gift_aid_label')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                  {t('donate.with_gift_aid')} {formatPence(giftAidBoost(Number(request.amount)), language)}
                </Typography>
              </div>
            )}
          </Box>
        </Panel>
        {!started && (
          <Button onClick={() => onBack(declined !== null)} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
            {t('donate.back')}
          </Button>
        )}
      </Stack>

      <Panel labelledBy="donate-card">
        <PanelTitle id="donate-card" k="donate.card_title" />
        {started ? (
          <Alert severity="success" role="status">
            <AlertTitle>{t('monthly.started_title')}</AlertTitle>
            {t('monthly.started_body').replace('{date}', started.next_charge ? formatLongDate(started.next_charge, language) : '–')}
          </Alert>
        ) : declined ? (
          <Alert severity="error" role="alert">
            {t('monthly.declined')} {declined}
          </Alert>
        ) : (
          <Stack spacing={2}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <SaveCardForm
              clientSecret={gift.clientSecret}
              setupIntentId={gift.setupIntentId}
              onSaved={(id) => void onSaved(id)}
              onCancel={() => onBack(false)}
              introKey="monthly.card_intro"
              submitKey="monthly.start"
            />
          </Stack>
        )}
      </Panel>
    </Box>
  );
}
