import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { TestCardFields, useTestCard } from '../card-payment/test-card-fields';
import { usePaymentsConfig } from '../card-payment/payments-api';
import { LoadingRegion } from '../loading-region';
import { errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { testConfirmSetup } from './save-card-api';
import { SaveCardFrame } from './save-card-frame';

// Stripe's script is fetched only when a card is saved with Stripe.
const StripeSaveCard = lazy(() => import('./stripe-save-card'));

export type SaveCardProps = {
  clientSecret: string;
  setupIntentId: string;
  /** The card is saved with the provider: its setup intent, to turn automatic renewal on with. */
  onSaved: (setupIntentId: string) => void;
  onCancel: () => void;
  /** What the form says above the card and on its button (site text keys): automatic renewal's unless given. */
  introKey?: SiteTextKey;
  submitKey?: SiteTextKey;
};

/**
 * The card step's setup flow (decision 140): a card saved with the provider for later charges,
 * nothing charged: automatic renewal's and monthly giving's (decision 170). Kept apart from the
 * payment card step (components/card-payment) on purpose: Stripe's Payment Element with
 * confirmSetup here, or the test provider's setup step offline.
 */
export function SaveCardForm(props: SaveCardProps) {
  const config = usePaymentsConfig();
  if (config.isPending)
    return (
      <LoadingRegion>
        <Skeleton variant="rounded" height={120} />
      </LoadingRegion>
    );
  if (config.data?.provider === 'stripe' && config.data.publishable_key)
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
        <StripeSaveCard publishableKey={config.data.publishable_key} {...props} />
      </Suspense>
    );
  return <TestSaveCard {...props} />;
}

/** The test provider's card fields, checked by the same rules as its payment form (decision 106). */
function TestSaveCard({
  clientSecret,
  onSaved,
  onCancel,
  introKey = 'auto_renew.save_card_intro',
  submitKey = 'auto_renew.save_card',
}: SaveCardProps) {
  const { t } = useSiteText();
  const card = useTestCard();
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!card.complete) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = await testConfirmSetup(clientSecret, card.details());
      onSaved(saved.setup_intent_id);
    } catch (error) {
      setFailure(errorMessage(error, t('pay.failed_default')));
      setSaving(false);
    }
  }

  return (
    <SaveCardFrame
      introKey={introKey}
      submitKey={submitKey}
      failure={failure}
      saving={saving}
      onSubmit={(event) => void save(event)}
      onCancel={onCancel}
    >
      <TestCardFields card={card} showErrors={showErrors} />
    </SaveCardFrame>
  );
}
