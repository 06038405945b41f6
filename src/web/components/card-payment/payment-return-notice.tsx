import Alert from '@mui/material/Alert';
import { useSiteText } from '../../lib/site-text';
import { useReturnOutcome } from './payments-api';

/**
 * What became of a payment that came back from the provider without succeeding (decision 145):
 * still being confirmed by the bank, or not taken. Nothing when the page was reached otherwise.
 */
export function PaymentReturnNotice() {
  const { t } = useSiteText();
  const outcome = useReturnOutcome();
  if (!outcome) return null;
  return (
    <Alert
      severity={outcome === 'failed' ? 'error' : 'info'}
      role={outcome === 'failed' ? 'alert' : 'status'}
      sx={{ mb: 3, textAlign: 'left' }}
    >
      {t(outcome === 'failed' ? 'card.return_failed' : 'card.processing')}
    </Alert>
  );
}
