import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TokenResponse } from '../../../shared/api/accounts';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { browserHasPasskeys, signInWithPasskey } from './second-factor-api';

/**
 * "Sign in with a passkey": the browser offers the person's passkeys for the site (discoverable
 * credentials), so no e-mail address is typed. With `username` it is the second step after the
 * password. Shown only where the browser can use passkeys.
 */
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
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    let live = true;
    void browserHasPasskeys().then((yes) => live && setSupported(yes));
    return () => {
      live = false;
    };
  }, []);
  const signIn = useMutation({ mutationFn: () => signInWithPasskey(username), onSuccess: onSignedIn });
  if (!supported) return null;

  // The person closing the browser's dialog is no error worth a server message.
  const failure = signIn.isError
    ? signIn.error instanceof ApiError && signIn.error.status === 429
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
