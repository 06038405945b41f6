import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormOutcome } from '../../shared/domain/form-outcome';
import { useSiteText } from '../lib/site-text';

/**
 * The message of a form posted before the page's script took it over (decision 085): an error is
 * announced at once, anything else politely. When the script has a step to finish, a browser
 * that runs no script is told it needs one.
 */
export function FormOutcomeMessage({ outcome, sx }: { outcome: FormOutcome | null; sx?: SxProps<Theme> }) {
  const { t } = useSiteText();
  const message = outcome?.message;
  if (!message) return null;
  const error = message.tone === 'error';
  return (
    <Alert severity={error ? 'error' : message.tone} role={error ? 'alert' : 'status'} sx={sx}>
      {message.key ? t(message.key) : message.text}
      {outcome.handover && <noscript> {t('form.needs_script')}</noscript>}
    </Alert>
  );
}
