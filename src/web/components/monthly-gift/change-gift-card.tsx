import CreditCardIcon from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import type { MonthlyCardChangeResponse, MonthlyGift } from '../../../shared/api/monthly-gifts';
import { errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { SaveCardForm } from '../save-card/save-card-form';

type Setup = { client_secret: string; setup_intent_id: string };
type Outcome = { severity: 'success' | 'warning' | 'error'; text: string };

/**
 * "Change card" on an active monthly gift, from a receipt's link or My Profile: the setup flow
 * saves the new card with the provider (nothing charged), then the gift takes it. A declined month
 * waiting for its retry is tried on the new card at once, and the answer says how that went. The
 * gift's other actions (cancelling it) stand beside the button and step aside while a card is entered.
 */
export function ChangeGiftCard({
  gift,
  startSetup,
  changeCard,
  onChanged,
  otherActions,
}: {
  gift: MonthlyGift;
  startSetup: () => Promise<Setup>;
  changeCard: (setupIntentId: string) => Promise<MonthlyCardChangeResponse>;
  onChanged: (gift: MonthlyGift) => void;
  otherActions?: ReactNode;
}) {
  const { t } = useSiteText();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const failed = (error: unknown) => setOutcome({ severity: 'error', text: errorMessage(error, t('monthly.card_failed')) });

  async function begin() {
    setBusy(true);
    setOutcome(null);
    try {
      setSetup(await startSetup());
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function saved(setupIntentId: string) {
    setSetup(null);
    setBusy(true);
    try {
      const { gift: changed, retried } = await changeCard(setupIntentId);
      onChanged(changed);
      setOutcome(
        retried?.status === 'declined'
          ? { severity: 'warning', text: `${t('monthly.card_retry_declined')} ${retried.message ?? ''}`.trim() }
          : { severity: 'success', text: t(retried ? 'monthly.card_retried' : 'monthly.card_changed') },
      );
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mt: 2 }}>
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'success' ? 'status' : 'alert'} sx={{ mb: 2 }}>
          {outcome.text}
        </Alert>
      )}
      {setup ? (
        <SaveCardForm
          clientSecret={setup.client_secret}
          setupIntentId={setup.setup_intent_id}
          onSaved={(id) => void saved(id)}
          onCancel={() => setSetup(null)}
          introKey="monthly.new_card_intro"
          submitKey="monthly.save_new_card"
        />
      ) : (
        gift.status === 'active' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Button variant="outlined" startIcon={<CreditCardIcon />} loading={busy} onClick={() => void begin()}>
              {t('monthly.change_card')}
            </Button>
            {otherActions}
          </Box>
        )
      )}
    </Box>
  );
}
