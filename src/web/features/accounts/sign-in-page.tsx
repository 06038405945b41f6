import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { accountsApi, tokenRequest, type TokenResponse } from '../../../shared/api/accounts';
import type { SecondFactorKind } from '../../../shared/api/second-factor';
import { SiteText } from '../../components/site-text';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { deviceHeaders } from '../../lib/device-id';
import { saveSession, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorStep } from './second-factor-step';

// The screen says "email"; the token endpoint calls the same field "username".
const signInForm = z.object({ email: tokenRequest.shape.username, password: tokenRequest.shape.password });
type SignInForm = z.infer<typeof signInForm>;

export function SignInPage() {
  const { t } = useSiteText();
  const session = useSession();
  usePageTitle(t('signin.title'));

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInForm>({ resolver: zodResolver(signInForm), defaultValues: { email: '', password: '' } });

  // After a right password, an account with a second factor is asked for it (decision 130).
  const [secondStep, setSecondStep] = useState<{ username: string; password: string; kinds: SecondFactorKind[] } | null>(null);
  // Staff without a second factor are taken to set one up before anything else (decision 132).
  const [next, setNext] = useState('/profile');
  const signedIn = (answer: TokenResponse) => {
    setNext(answer.second_factor_setup ? '/profile/security' : '/profile');
    // Storing the session re-renders this page, whose redirect below then goes on.
    saveSession({ token: answer.access_token, username: answer.username, role: answer.role });
  };
  const signIn = useMutation({
    mutationFn: (form: SignInForm) =>
      apiRequest(accountsApi.token, { body: { username: form.email, password: form.password }, auth: false, headers: deviceHeaders() }),
    onSuccess: signedIn,
    onError: (error, form) => {
      const kinds = secondFactorKinds(error);
      if (kinds) setSecondStep({ username: form.email, password: form.password, kinds });
    },
  });

  if (session) return <Navigate to={next} replace />;

  const failure = signIn.isError && !secondStep ? failureMessage(signIn.error, t) : null;
  const { ref: emailRef, ...emailField } = register('email');
  const { ref: passwordRef, ...passwordField } = register('password');

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 9 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 4 }}>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 56,
              height: 56,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              mb: 1,
            }}
          >
            <LockOutlinedIcon />
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.2rem' } }}>
            <SiteText k="signin.title" />
          </Typography>
          <Typography color="textSecondary">
            <SiteText k="signin.subtitle" />
          </Typography>
        </Stack>

        {secondStep ? (
          <SecondFactorStep
            {...secondStep}
            onSignedIn={signedIn}
            onBack={() => {
              setSecondStep(null);
              signIn.reset();
            }}
          />
        ) : (
          <>
            <Box component="form" noValidate onSubmit={(event) => void handleSubmit((form) => signIn.mutate(form))(event)}>
              <Stack spacing={2.5}>
                {failure && <Alert severity="error">{failure}</Alert>}
                <TextField
                  {...emailField}
                  inputRef={emailRef}
                  type="email"
                  label={t('signin.email')}
                  autoComplete="username"
                  required
                  fullWidth
                  error={Boolean(errors.email)}
                  helperText={errors.email?.message}
                />
                <TextField
                  {...passwordField}
                  inputRef={passwordRef}
                  type="password"
                  label={t('signin.password')}
                  autoComplete="current-password"
                  required
                  fullWidth
                  error={Boolean(errors.password)}
                  helperText={errors.password?.message}
                />
                <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending} sx={{ py: 1.3 }}>
                  <SiteText k="signin.submit" />
                </Button>
              </Stack>
            </Box>
            <Box sx={{ mt: 2.5 }}>
              <PasskeySignInButton onSignedIn={signedIn} />
            </Box>
          </>
        )}

        <Stack spacing={1.5} sx={{ mt: 3, alignItems: 'center', textAlign: 'center' }}>
          <Link component={RouterLink} to="/signIn/pwForgot">
            <SiteText k="signin.forgot" />
          </Link>
          <Divider flexItem />
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
            <SiteText k="signin.register" />
          </Link>
        </Stack>
      </Paper>
    </Container>
  );
}

/** The factors a right password still needs, when the answer was that 401. */
function secondFactorKinds(error: unknown): SecondFactorKind[] | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  const kinds = (error.body as { second_factor?: unknown } | undefined)?.second_factor;
  return Array.isArray(kinds) && kinds.length ? (kinds as SecondFactorKind[]) : null;
}

function failureMessage(error: unknown, t: ReturnType<typeof useSiteText>['t']): string {
  if (error instanceof ApiError && error.status === 401) return t('invalid_credentials');
  if (error instanceof ApiError && error.status === 429) return errorMessage(error, t('signin.too_many'));
  return errorMessage(error, t('error.generic'));
}
