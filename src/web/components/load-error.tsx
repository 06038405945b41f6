import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../lib/api';
import { useSiteText } from '../lib/site-text';

/** A list that could not load: what failed, the server's reason when it gave one, and a retry. */
export function LoadError({ message, error, onRetry, sx }: { message: string; error: unknown; onRetry: () => void; sx?: SxProps<Theme> }) {
  const { t } = useSiteText();
  const reason = errorMessage(error, '');
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    >
      {message}
      {reason && ` ${reason}`}
    </Alert>
  );
}
