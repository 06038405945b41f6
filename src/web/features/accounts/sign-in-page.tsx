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
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { accountsApi, tokenRequest } from '../../../shared/api/accounts';
import { SiteText } from '../../components/site-text';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { saveSession, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';

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

  const signIn = useMutation({
    mutationFn: (form: SignInForm) =>
      apiRequest(accountsApi.token, { body: { username: form.email, password: form.password }, auth: false }),
    // Storing the session re-renders this page, whose redirect below then goes to /profile.
    onSuccess: (answer) => saveSession({ token: answer.access_token, username: answer.username, role: answer.role }),
  });

  if (session) return <Navigate to="/profile" replace />;

  const failure = signIn.isError ? failureMessage(signIn.error, t) : null;
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

function failureMessage(error: unknown, t: ReturnType<typeof useSiteText>['t']): string {
  if (error instanceof ApiError && error.status === 401) return t('invalid_credentials');
  if (error instanceof ApiError && error.status === 429) return errorMessage(error, t('signin.too_many'));
  return errorMessage(error, t('error.generic'));
}
