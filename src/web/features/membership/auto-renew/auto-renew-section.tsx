import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatPence } from '../../../../shared/domain/money';
import { londonDate } from '../../../../shared/domain/london-time';
import { expiryDate } from '../../../../shared/domain/membership';
import { tierByIndex } from '../../../../shared/domain/tiers';
import { LoadingRegion } from '../../../components/loading-region';
import { Panel, PanelTitle } from '../../../components/panel';
import { cardBrandName } from '../../../../shared/domain/card-brand';
import { errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';
import { formatLongDate } from '../membership-format';
import { startCardSetup, useAutoRenew, useChangeAutoRenew } from './auto-renew-api';
import { SaveCardForm } from '../../../components/save-card/save-card-form';

/** A site text with its `{name}` places filled. */
const filled = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
const brandName = (brand: string, unknown: string) => (brand === 'unknown' ? unknown : cardBrandName(brand));

/**
 * My Profile: automatic renewal on or off, the card it charges and the next charge; turning it
 * on and changing the card save a card through the setup flow first (decision 140).
 */
export function AutoRenewSection({ member }: { member: { tier_index: number | null; last_renewed_date: string | null } }) {
  const { t, language } = useSiteText();
  const state = useAutoRenew();
  const change = useChangeAutoRenew();
  const [saving, setSaving] = useState<{ clientSecret: string; setupIntentId: string; purpose: 'on' | 'card' } | null>(null);
  const [starting, setStarting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const tier = member.tier_index === null ? undefined : tierByIndex(member.tier_index);
  const ended = !member.last_renewed_date || expiryDate(member.last_renewed_date) < londonDate(new Date());

  async function begin(purpose: 'on' | 'card') {
    setStarting(true);
    setFailure(null);
    setDone(null);
    try {
      const setup = await startCardSetup();
      setSaving({ clientSecret: setup.client_secret, setupIntentId: setup.setup_intent_id, purpose });
    } catch (error) {
      setFailure(errorMessage(error, t('auto_renew.failed')));
    } finally {
      setStarting(false);
    }
  }

  function saved(setupIntentId: string) {
    const purpose = saving?.purpose;
    setSaving(null);
    change.mutate(purpose === 'card' ? { method: setupIntentId } : { on: true, setup_intent_id: setupIntentId }, {
      onSuccess: () => setDone(t(purpose === 'card' ? 'auto_renew.card_changed' : 'auto_renew.turned_on')),
      onError: (error) => setFailure(errorMessage(error, t('auto_renew.failed'))),
    });
  }

  function turnOff() {
    setFailure(null);
    setDone(null);
    change.mutate(
      { on: false },
      {
        onSuccess: () => setDone(t('auto_renew.turned_off')),
        onError: (error) => setFailure(errorMessage(error, t('auto_renew.failed'))),
      },
    );
  }

  let body;
  if (state.isPending) {
    body = (
      <LoadingRegion>
        <Skeleton variant="rounded" height={64} />
      </LoadingRegion>
    );
  } else if (state.isError) {
    body = <Alert severity="error">{t('auto_renew.load_failed')}</Alert>;
  } else if (saving) {
    body = (
      <SaveCardForm
        clientSecret={saving.clientSecret}
        setupIntentId={saving.setupIntentId}
        onSaved={saved}
        onCancel={() => setSaving(null)}
      />
    );
  } else if (state.data.on) {
    const { method, next_charge: next } = state.data;
    body = (
      <Stack spacing={1.5}>
        <Typography sx={{ fontWeight: 600 }}>{t('auto_renew.on')}</Typography>
        {next && (
          <Typography>
            {filled(t('auto_renew.next'), { amount: formatPence(next.pence, language), date: formatLongDate(next.date, language) })}
          </Typography>
        )}
        <Typography>
          {method?.type === 'bacs_debit'
            ? filled(t('auto_renew.debit'), { last4: method.last4 })
            : method && !method.last4
              ? brandName(method.brand, t('auto_renew.card_unknown'))
              : method
                ? filled(t('auto_renew.card'), {
                    brand: brandName(method.brand, t('auto_renew.card_unknown')),
                    last4: method.last4,
                    month: String(method.exp_month).padStart(2, '0'),
                    year: String(method.exp_year),
                  })
                : t('auto_renew.card_pending')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="outlined" loading={starting} onClick={() => void begin('card')}>
            {t('auto_renew.change_card')}
          </Button>
          <Button color="error" loading={change.isPending} onClick={turnOff}>
            {t('auto_renew.turn_off')}
          </Button>
        </Stack>
      </Stack>
    );
  } else if (!tier || tier.pence === 0) {
    body = <Typography>{t('auto_renew.free')}</Typography>;
  } else if (ended) {
    body = <Typography>{t('auto_renew.ended')}</Typography>;
  } else {
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('auto_renew.off')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auto_renew.checkbox_hint')}
        </Typography>
        <Button variant="contained" loading={starting} onClick={() => void begin('on')}>
          {t('auto_renew.turn_on')}
        </Button>
      </Stack>
    );
  }

  return (
    <Panel labelledBy="account-auto-renew">
      <PanelTitle id="account-auto-renew" k="auto_renew.title" />
      <Stack spacing={2}>
        {done && (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {body}
      </Stack>
    </Panel>
  );
}
