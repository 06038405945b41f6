import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { FormOutcome } from '../../../shared/domain/form-outcome';
import { PAGE } from '../../../shared/domain/page-paths';
import { FormOutcomeMessage } from '../../components/form-outcome-message';
import { LoadingRegion } from '../../components/loading-region';
import { SiteText } from '../../components/site-text';
import { useFormAction, useFormOutcome } from '../../lib/form-outcome';
import { useSiteText } from '../../lib/site-text';
import { useKeepTypedValues, type TypedValue } from '../../lib/typed-before-script';
import { usePageTitle } from '../../lib/use-page-title';
import { AccountCard } from './account-card';
import { resetLinkQuery, submitPasswordReset } from './accounts-api';
import { NewPasswordFields } from './new-password-fields';
import { passwordsAcceptable } from './password-rules';

export function PwResetPage() {
  const { t } = useSiteText();
  usePageTitle(t('pw_reset.title'));
  const { uid = '' } = useParams();
  // Opening the link consumes nothing on the server; this only asks whether it is still good.
  const validation = useQuery(resetLinkQuery(uid));
  // Sent before the script took the form over, the server set the password itself (decision 085).
  const outcome = useFormOutcome('pwReset');

  return (
    <AccountCard icon={<KeyIcon />} title="pw_reset.title">
      {/* The reset link is a secret: never send it on as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      {outcome?.done ? (
        <Outcome severity="success" text={t('pw_reset.success')} />
      ) : validation.isPending ? (
        <LoadingRegion>
          <Stack spacing={2.5}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        </LoadingRegion>
      ) : validation.isError ? (
        <Outcome severity="error" text={t('error.generic')} />
      ) : !validation.data.valid ? (
        <Outcome severity="warning" text={t('pw_reset.expired')} requestNew />
      ) : (
        <ResetForm uid={uid} outcome={outcome} />
      )}
    </AccountCard>
  );
}

function ResetForm({ uid, outcome }: { uid: string; outcome: FormOutcome | null }) {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t } = useSiteText();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [shownOutcome, setShownOutcome] = useState(outcome);
  const formRef = useRef<HTMLFormElement>(null);
  useKeepTypedValues(
    formRef,
    useCallback((name: string, value: TypedValue) => {
      if (typeof value !== 'string') return;
      if (name === 'password') setPassword(value);
      if (name === 'confirmation') setConfirmation(value);
    }, []),
  );

  const reset = useMutation({
    mutationFn: async () => {
      const answer = await submitPasswordReset(uid, password);
      if (!answer.succeeded) throw new Error('The reset did not succeed');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setShownOutcome(null);
    if (!passwordsAcceptable(password, confirmation)) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate();
  }

  if (reset.isSuccess) return <Outcome severity="success" text={t('pw_reset.success')} />;

  return (
    <Box component="form" ref={formRef} method="post" action={pageAction} noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Typography color="textSecondary" sx={{ textAlign: 'center', mt: -2 }}>
          <SiteText k="pw_reset.intro" />
        </Typography>
        {mismatch && <Alert severity="error">{t('pw_reset.mismatch')}</Alert>}
        {reset.isError && <Alert severity="error">{t('error.generic')}</Alert>}
        <FormOutcomeMessage outcome={shownOutcome} />
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          mismatch={mismatch}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending} sx={{ py: 1.3 }}>
          {t('pw_reset.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

function Outcome({ severity, text, requestNew }: { severity: 'success' | 'warning' | 'error'; text: string; requestNew?: boolean }) {
  const { t } = useSiteText();
  return (
    <Stack spacing={3}>
      <Alert severity={severity} role={severity === 'success' ? 'status' : 'alert'}>
        {text}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <Button
          component={RouterLink}
          to={PAGE.signIn}
          variant={severity === 'success' ? 'contained' : 'outlined'}
          startIcon={<ArrowBackIcon />}
        >
          {t('pw_reset.back')}
        </Button>
        {requestNew && (
          <Link component={RouterLink} to={PAGE.pwForgot}>
            {t('pw_reset.request_new')}
          </Link>
        )}
      </Stack>
    </Stack>
  );
}
