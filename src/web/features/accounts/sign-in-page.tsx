import { localisedResolver } from '../../lib/localised-resolver';
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
import type { TokenResponse } from '../../../shared/api/accounts';
import type { SignInPageFields, SignInPageForm } from '../../../shared/api/page-forms';
import type { SecondFactorKind } from '../../../shared/api/second-factor';
import type { FormHandover } from '../../../shared/domain/form-outcome';
import { PAGE } from '../../../shared/domain/page-paths';
import { FormOutcomeMessage } from '../../components/form-outcome-message';
import { SiteText } from '../../components/site-text';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { deviceHeaders } from '../../lib/device-id';
import { useFormAction, useFormHandover, useFormOutcome } from '../../lib/form-outcome';
import { saveSession, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { useKeepTypedValues, type TypedValue } from '../../lib/typed-before-script';
import { usePageTitle } from '../../lib/use-page-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { accountsApi } from './accounts-api';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorStep } from './second-factor-step';

type SignInFields = 'email' | 'password' | 'otp';

// The form's schema, and zod with it, load as the form is first focused or checked (decision 221).
const signInForm = lazyResolver<SignInPageForm, unknown, SignInPageFields>(() =>
  import('../../../shared/api/page-forms').then((m) => zodResolver(m.signInPageForm)),
);

export function SignInPage() {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t, language } = useSiteText();
  const session = useSession();
  usePageTitle(t('signin.title'));

  // A sign-in posted before the script took the form over (decision 085): the server's answer.
  const outcome = useFormOutcome('signIn');
  const [shownOutcome, setShownOutcome] = useState(outcome);
  // A second factor the server asked for: its code goes with the password in this form.
  const serverFactors = shownOutcome?.secondFactor;
  const withCode = Boolean(serverFactors?.some((kind) => kind === 'totp' || kind === 'recovery_code'));

  const formRef = useRef<HTMLFormElement>(null);
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SignInPageForm, unknown, SignInPageFields>({
    resolver: localisedResolver(signInForm.resolver, language),
    defaultValues: { email: outcome?.values?.email ?? '', password: '', otp: '' },
  });
  useKeepTypedValues(
    formRef,
    useCallback(
      (name: string, value: TypedValue) => {
        if ((name === 'email' || name === 'password' || name === 'otp') && typeof value === 'string') setValue(name, value);
      },
      [setValue],
    ),
  );

  // After a right password, an account with a second factor is asked for it (decision 130).
  const [secondStep, setSecondStep] = useState<{ username: string; password: string; kinds: SecondFactorKind[] } | null>(null);
  // Staff without a second factor are taken to set one up before anything else (decision 132).
  const [next, setNext] = useState<string>(PAGE.profile);
  const signedIn = useCallback((answer: TokenResponse) => {
    setNext(answer.second_factor_setup ? PAGE.profileSecurity : PAGE.profile);
    // Storing the session re-renders this page, whose redirect below then goes on.
    saveSession({ token: answer.access_token, username: answer.username, role: answer.role });
  }, []);
  // The session the server opened for a sign-in posted before the script: kept as after any sign-in.
  useFormHandover(
    outcome,
    useCallback(
      (handover: FormHandover) => {
        if (handover.kind !== 'session') return;
        const { token, username, role } = handover.session;
        signedIn({ access_token: token, token_type: 'bearer', username, role, second_factor_setup: handover.secondFactorSetup });
      },
      [signedIn],
    ),
  );
  const signIn = useMutation({
    mutationFn: (form: SignInPageFields) =>
      apiRequest(accountsApi.token, {
        body: { username: form.email, password: form.password, ...(form.otp ? { otp: form.otp } : {}) },
        auth: false,
        headers: deviceHeaders(),
      }),
    onMutate: () => setShownOutcome(null),
    onSuccess: signedIn,
    onError: (error, form) => {
      const kinds = secondFactorKinds(error);
      if (kinds && !form.otp) setSecondStep({ username: form.email, password: form.password, kinds });
    },
  });

  if (session) return <Navigate to={next} replace />;

  const failure = signIn.isError && !secondStep ? failureMessage(signIn.error, t) : null;
  const serverField = (name: SignInFields) => shownOutcome?.fields?.[name];
  const field = (name: SignInFields, props: { label: string; type?: string; autoComplete: string; helperText?: string }) => (
    // Controlled: the served page shows the address kept, and the script keeps what was typed (decision 085).
    <Controller
      control={control}
      name={name}
      render={({ field: input }) => (
        <TextField
          name={input.name}
          value={input.value ?? ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          inputRef={input.ref}
          type={props.type}
          label={props.label}
          autoComplete={props.autoComplete}
          required
          fullWidth
          error={Boolean(errors[name] ?? serverField(name))}
          helperText={errors[name]?.message ?? serverField(name) ?? props.helperText}
        />
      )}
    />
  );

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
        ) : shownOutcome?.handover ? (
          // Signed in by the server: the next page opens once the script has kept the session.
          <FormOutcomeMessage outcome={shownOutcome} />
        ) : (
          <>
            <Box
              component="form"
              ref={formRef}
              method="post"
              action={pageAction}
              noValidate
              onFocus={signInForm.preload}
              onSubmit={(event) => void handleSubmit((form) => signIn.mutate(form))(event)}
            >
              <Stack spacing={2.5}>
                {failure ? <Alert severity="error">{failure}</Alert> : <FormOutcomeMessage outcome={shownOutcome} />}
                {field('email', { label: t('signin.email'), type: 'email', autoComplete: 'username' })}
                {field('password', { label: t('signin.password'), type: 'password', autoComplete: 'current-password' })}
                {withCode && field('otp', { label: t('signin.code'), autoComplete: 'one-time-code', helperText: t('signin.code_help') })}
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
