import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '../../../shared/api/accounts';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { browserHasPasskeys, signInWithPasskey } from './second-factor-api';

/**
 * "Sign in with a passkey": the browser offers the person's passkeys for the site (discoverable
 * credentials), so no e-mail address is typed. With `username` it is the second step after the
 * password. The server renders it with the page (a browser without passkeys is told so when it
 * is pressed), so taking the page over adds nothing to it.
 */
const NO_PASSKEYS = 'no-passkeys';

export function PasskeySignInButton({
  onSignedIn,
  username,
  label = 'signin.passkey',
  variant = 'outlined',
}: {
  onSignedIn: (answer: TokenResponse) => void;
  username?: string;
  label?: 'signin.passkey' | 'signin.use_passkey';
  variant?: 'outlined' | 'contained';
}) {
  const { t } = useSiteText();
  const signIn = useMutation({
    mutationFn: async () => {
      if (!(await browserHasPasskeys())) throw new Error(NO_PASSKEYS);
      return signInWithPasskey(username);
    },
    onSuccess: onSignedIn,
  });

  // The person closing the browser's dialog is no error worth a server message.
  const failure = signIn.isError
    ? signIn.error.message === NO_PASSKEYS
      ? t('security.passkeys_unsupported')
      : signIn.error instanceof ApiError && signIn.error.status === 429
        ? errorMessage(signIn.error, t('signin.too_many'))
        : signIn.error instanceof ApiError && signIn.error.fromServer && signIn.error.status !== 401
          ? signIn.error.detail
          : t('signin.passkey_failed')
    : null;
  return (
    <Stack spacing={1.5}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant={variant} size="large" fullWidth startIcon={<KeyIcon />} loading={signIn.isPending} onClick={() => signIn.mutate()}>
        {t(label)}
      </Button>
    </Stack>
  );
}
