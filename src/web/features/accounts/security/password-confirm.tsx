import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';

/** Asks for the password before removing a factor or replacing the recovery codes (they are what protects the account). */
export function PasswordConfirm<T>({
  open,
  question,
  details,
  confirmLabel,
  destructive = true,
  action,
  onDone,
  onClose,
}: {
  open: boolean;
  question: string;
  details: string;
  confirmLabel: string;
  destructive?: boolean;
  action: (password: string) => Promise<T>;
  onDone: (result: T) => void;
  onClose: () => void;
}) {
  const { t } = useSiteText();
  const [password, setPassword] = useState('');
  const run = useMutation({
    mutationFn: () => action(password),
    onSuccess: (result) => {
      setPassword('');
      onDone(result);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      question={question}
      details={details}
      confirmLabel={confirmLabel}
      destructive={destructive}
      pending={run.isPending}
      error={run.isError ? errorMessage(run.error, t('error.generic')) : null}
      onConfirm={() => run.mutate()}
      onClose={() => {
        setPassword('');
        run.reset();
        onClose();
      }}
    >
      <TextField
        label={t('security.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        fullWidth
        sx={{ mt: 2 }}
      />
    </ConfirmDialog>
  );
}
