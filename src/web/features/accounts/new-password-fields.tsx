import TextField from '@mui/material/TextField';
import { useSiteText } from '../../lib/site-text';

/** A new password and its confirmation, as the reset and invitation pages ask for them. */
export function NewPasswordFields(props: {
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  /** The two differ: both are marked. */
  mismatch: boolean;
}) {
  const { t } = useSiteText();
  return (
    <>
      <TextField
        type="password"
        name="password"
        label={t('pw_reset.new')}
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
        autoComplete="new-password"
        required
        fullWidth
        error={props.mismatch}
      />
      <TextField
        type="password"
        name="confirmation"
        label={t('pw_reset.confirm')}
        value={props.confirmation}
        onChange={(e) => props.onConfirmation(e.target.value)}
        autoComplete="new-password"
        required
        fullWidth
        error={props.mismatch}
      />
    </>
  );
}
