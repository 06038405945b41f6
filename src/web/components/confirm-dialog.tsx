import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useSiteText } from '../lib/site-text';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. "Are you sure you want to delete this event?"; it names the dialog. */
  question: string;
  /** What is at stake, shown under the question (e.g. the title of the event). */
  details?: string;
  /** The confirm button's text (default "Delete"). */
  confirmLabel?: string;
  /** Red for destructive actions (default), primary otherwise. */
  destructive?: boolean;
  /** Shows the confirm button busy and keeps the dialog open while the action runs. */
  pending?: boolean;
  /** A failure of the confirmed action, shown in the dialog. */
  error?: string | null;
  /** Anything the confirmation needs besides a click (a password field). */
  children?: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape or a click outside; ignored while the action runs. */
  onClose: () => void;
}

/**
 * Asks before something that cannot be undone. An alert dialog: focus starts on Cancel, so a
 * stray Enter never confirms.
 */
export function ConfirmDialog({
  open,
  question,
  details,
  confirmLabel,
  destructive = true,
  pending = false,
  error,
  children,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useSiteText();
  const titleId = useId();
  const detailsId = useId();

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={details ? detailsId : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ fontSize: '1.15rem', lineHeight: 1.4, pb: details || error ? 1 : 2 }}>
        {question}
      </DialogTitle>
      {(details || error || children) && (
        <DialogContent>
          {details && (
            <DialogContentText id={detailsId} sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
              {details}
            </DialogContentText>
          )}
          {children}
          {error && (
            <Alert severity="error" sx={{ mt: details ? 2 : 0 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={pending} autoFocus>
          {t('action.cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} loading={pending}>
          {confirmLabel ?? t('action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
