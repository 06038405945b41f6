import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TokenResponse } from '../../../shared/api/accounts';
import type { SecondFactorKind } from '../../../shared/api/second-factor';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { deviceHeaders } from '../../lib/device-id';
import { useSiteText } from '../../lib/site-text';
import { accountsApi } from './accounts-api';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { useFormAction } from '../../lib/form-outcome';

/**
 * The second step of signing in, after a right password: the code from the authenticator app or
 * a recovery code (sent with the password again as POST /api/token's `otp`), or the passkey.
 */
export function SecondFactorStep({
  username,
  password,
  kinds,
  onSignedIn,
  onBack,
}: {
  username: string;
  password: string;
  kinds: SecondFactorKind[];
  onSignedIn: (answer: TokenResponse) => void;
  onBack: () => void;
}) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const codes = kinds.includes('totp') || kinds.includes('recovery_code');
  const submit = useMutation({
    mutationFn: () =>
      apiRequest(accountsApi.token, { body: { username, password, otp: code.trim() }, auth: false, headers: deviceHeaders() }),
    onSuccess: onSignedIn,
  });

  const send = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(code.trim() === '');
    if (code.trim() !== '') submit.mutate();
  };
  const failure = submit.isError
    ? submit.error instanceof ApiError && submit.error.status === 401
      ? t('signin.code_wrong')
      : errorMessage(submit.error, t('error.generic'))
    : null;

  return (
    <Stack spacing={2.5}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', textAlign: 'center' }}>
        {t('signin.second_title')}
      </Typography>
      <Typography color="textSecondary">{t(codes ? 'signin.second_intro' : 'signin.second_intro_passkey')}</Typography>
      {codes && (
        <Box component="form" method="post" action={formAction} noValidate onSubmit={send}>
          <Stack spacing={2.5}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label={t('signin.code')}
              name="otp"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'text', autoCapitalize: 'none', spellCheck: false, maxLength: 40 } }}
              autoFocus
              required
              fullWidth
              error={empty}
              helperText={empty ? t('signin.code_help') : t('signin.code_help')}
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={submit.isPending} sx={{ py: 1.3 }}>
              {t('signin.code_submit')}
            </Button>
          </Stack>
        </Box>
      )}
      {kinds.includes('passkey') && (
        <PasskeySignInButton
          username={username}
          onSignedIn={onSignedIn}
          label={codes ? 'signin.use_passkey' : 'signin.passkey'}
          variant={codes ? 'outlined' : 'contained'}
        />
      )}
      <Button onClick={onBack}>{t('signin.back')}</Button>
    </Stack>
  );
}
