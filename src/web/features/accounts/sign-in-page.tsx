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
import { useCallback, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink } from 'react-router';
import { accountsApi } from '../../../shared/api/accounts';
import { signInPageForm, type SignInPageForm } from '../../../shared/api/page-forms';
import type { FormHandover } from '../../../shared/domain/form-outcome';
import { PAGE } from '../../../shared/domain/page-paths';
import { FormOutcomeMessage } from '../../components/form-outcome-message';
import { SiteText } from '../../components/site-text';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { useFormHandover, useFormOutcome } from '../../lib/form-outcome';
import { saveSession, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { useKeepTypedValues, type TypedValue } from '../../lib/typed-before-script';
import { usePageTitle } from '../../lib/use-page-title';

/** A session the server opened for a sign-in posted before the script arrived: kept here, as after any sign-in. */
function keepSession(handover: FormHandover) {
  if (handover.kind === 'session') saveSession(handover.session);
}

export function SignInPage() {
  const { t } = useSiteText();
  const session = useSession();
  usePageTitle(t('signin.title'));
  // A sign-in posted before the script took the form over (decision 085): the server's answer.
  const outcome = useFormOutcome('signIn');
  const [shownOutcome, setShownOutcome] = useState(outcome);
  useFormHandover(outcome, keepSession);

  const formRef = useRef<HTMLFormElement>(null);
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SignInPageForm>({
    resolver: zodResolver(signInPageForm),
    defaultValues: { email: outcome?.values?.email ?? '', password: '' },
  });
  useKeepTypedValues(
    formRef,
    useCallback(
      (name: string, value: TypedValue) => {
        if ((name === 'email' || name === 'password') && typeof value === 'string') setValue(name, value);
      },
      [setValue],
    ),
  );

  const signIn = useMutation({
    mutationFn: (form: SignInPageForm) =>
      apiRequest(accountsApi.token, { body: { username: form.email, password: form.password }, auth: false }),
    onMutate: () => setShownOutcome(null),
    // Storing the session re-renders this page, whose redirect below then goes to /profile.
    onSuccess: (answer) => saveSession({ token: answer.access_token, username: answer.username, role: answer.role }),
  });

  if (session) return <Navigate to={PAGE.profile} replace />;

  const failure = signIn.isError ? failureMessage(signIn.error, t) : null;
  const serverField = (name: 'email' | 'password') => shownOutcome?.fields?.[name];

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

        {shownOutcome?.handover ? (
          // Signed in by the server: the profile opens once the script has kept the session.
          <FormOutcomeMessage outcome={shownOutcome} />
        ) : (
          <Box
            component="form"
            ref={formRef}
            method="post"
            action={PAGE.signIn}
            noValidate
            onSubmit={(event) => void handleSubmit((form) => signIn.mutate(form))(event)}
          >
            <Stack spacing={2.5}>
              {failure ? <Alert severity="error">{failure}</Alert> : <FormOutcomeMessage outcome={shownOutcome} />}
              {/* Controlled: the served page shows the address kept, and the script keeps what was typed (decision 085). */}
              <Controller
                control={control}
                name="email"
                render={({ field }) => (
                  <TextField
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    type="email"
                    label={t('signin.email')}
                    autoComplete="username"
                    required
                    fullWidth
                    error={Boolean(errors.email ?? serverField('email'))}
                    helperText={errors.email?.message ?? serverField('email')}
                  />
                )}
              />
              <Controller
                control={control}
                name="password"
                render={({ field }) => (
                  <TextField
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    type="password"
                    label={t('signin.password')}
                    autoComplete="current-password"
                    required
                    fullWidth
                    error={Boolean(errors.password ?? serverField('password'))}
                    helperText={errors.password?.message ?? serverField('password')}
                  />
                )}
              />
              <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending} sx={{ py: 1.3 }}>
                <SiteText k="signin.submit" />
              </Button>
            </Stack>
          </Box>
        )}

        <Stack spacing={1.5} sx={{ mt: 3, alignItems: 'center', textAlign: 'center' }}>
          <Link component={RouterLink} to={PAGE.pwForgot}>
            <SiteText k="signin.forgot" />
          </Link>
          <Divider flexItem />
          <Link component={RouterLink} to={PAGE.register} sx={{ fontWeight: 600 }}>
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
