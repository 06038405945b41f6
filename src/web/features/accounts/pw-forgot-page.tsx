import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { pwForgotRequest } from '../../../shared/api/accounts';
import { PAGE } from '../../../shared/domain/page-paths';
import { FormOutcomeMessage } from '../../components/form-outcome-message';
import { SiteText } from '../../components/site-text';
import { ApiError, errorMessage } from '../../lib/api';
import { useFormAction, useFormOutcome } from '../../lib/form-outcome';
import { useSiteText } from '../../lib/site-text';
import { useKeepTypedValues, type TypedValue } from '../../lib/typed-before-script';
import { usePageTitle } from '../../lib/use-page-title';
import { AccountCard } from './account-card';
import { requestPasswordReset } from './accounts-api';
import { messageIn } from '../../../shared/domain/messages-hy';

/** docs/product.md: idle, loading, then success (message shown, form hidden) or error. */
export function PwForgotPage() {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t, language } = useSiteText();
  usePageTitle(t('pw_forgot.title'));
  // Sent before the script took the form over, the server sent the link itself (decision 085).
  const outcome = useFormOutcome('pwForgot');
  const [email, setEmail] = useState(outcome?.values?.email ?? '');
  const [fieldError, setFieldError] = useState<string | null>(outcome?.fields?.email ?? null);
  const [shownOutcome, setShownOutcome] = useState(outcome);
  const formRef = useRef<HTMLFormElement>(null);
  useKeepTypedValues(
    formRef,
    useCallback((name: string, value: TypedValue) => {
      if (name === 'email' && typeof value === 'string') setEmail(value);
    }, []),
  );

  const send = useMutation({
    mutationFn: async (address: string) => {
      const answer = await requestPasswordReset(address);
      if (!answer.succeeded) throw new Error('The reset request did not succeed');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setShownOutcome(null);
    const parsed = pwForgotRequest.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setFieldError(message ? messageIn(message, language) : t('error.generic'));
      return;
    }
    setFieldError(null);
    send.mutate(parsed.data.email);
  }

  // A rate limit says when to try again; anything else gets the generic message.
  const failure = send.isError
    ? send.error instanceof ApiError && send.error.status === 429
      ? errorMessage(send.error, t('error.generic'))
      : t('error.generic')
    : null;

  const sent = send.isSuccess || shownOutcome?.done === true;
  return (
    <AccountCard icon={<MailOutlineIcon />} title="pw_forgot.title" subtitle={sent ? undefined : 'pw_forgot.intro'}>
      {sent ? (
        <Stack spacing={3}>
          <Alert severity="success" role="status">
            <Box component="strong" sx={{ display: 'block', mb: 0.5 }}>
              <SiteText k="pw_forgot.sent" />
            </Box>
            <SiteText k="pw_forgot.sent_hint" />
          </Alert>
          <Button component={RouterLink} to={PAGE.signIn} variant="outlined" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'center' }}>
            {t('pw_forgot.back')}
          </Button>
        </Stack>
      ) : (
        <>
          <Box component="form" ref={formRef} method="post" action={pageAction} noValidate onSubmit={submit}>
            <Stack spacing={2.5}>
              {failure ? <Alert severity="error">{failure}</Alert> : <FormOutcomeMessage outcome={shownOutcome} />}
              <TextField
                type="email"
                name="email"
                label={t('pw_forgot.email')}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
                required
                fullWidth
                error={Boolean(fieldError)}
                helperText={fieldError}
              />
              <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending} sx={{ py: 1.3 }}>
                {t('pw_forgot.submit')}
              </Button>
            </Stack>
          </Box>
          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to={PAGE.signIn}>
              <SiteText k="pw_forgot.back" />
            </Link>
          </Typography>
        </>
      )}
    </AccountCard>
  );
}
