import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useSiteText } from '../../lib/site-text';

/**
 * The test provider's stand-in for the bank's check (3-D Secure's frame, or a bank's app): the
 * payer completes it or cancels (decision 145). Closing it is cancelling; one answer is sent (each
 * check is a new step: its owner gives it a new key).
 */
export function TestAuthenticationStep({ open, onAnswer }: { open: boolean; onAnswer: (complete: boolean) => void }) {
  const { t } = useSiteText();
  const [answered, setAnswered] = useState(false);
  const answer = (complete: boolean) => {
    if (answered) return;
    setAnswered(true);
    onAnswer(complete);
  };
  return (
    <Dialog open={open} onClose={() => answer(false)} aria-labelledby="test-authentication-title">
      <DialogTitle id="test-authentication-title">{t('card.auth_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('card.auth_body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>{t('card.auth_cancel')}</Button>
        <Button variant="contained" onClick={() => answer(true)} loading={answered}>
          {t('card.auth_complete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
