import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { importsApi } from '../../../shared/api/imports';
import { LoadingRegion } from '../../components/loading-region';
import { apiRequest, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { AccountCard } from './account-card';
import { NewPasswordFields } from './new-password-fields';
import { passwordsAcceptable } from './password-rules';
import { useFormAction } from '../../lib/form-outcome';

/**
 * The page an invitation's link opens (decision 111). Opening it only asks whether the link still
 * works; the password is set by the button's POST alone, so a mail scanner uses nothing up.
 */
export function InvitationPage() {
  const { t } = useSiteText();
  usePageTitle(t('invitation.title'));
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => apiRequest(importsApi.invitation, { params: { token }, auth: false, signal }),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <AccountCard icon={<KeyIcon />} title="invitation.title">
      {/* The link is a secret: never send it on as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      {check.isPending ? (
        <LoadingRegion>
          <Stack spacing={2.5}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        </LoadingRegion>
      ) : check.isError ? (
        <Alert severity="error">{t('error.generic')}</Alert>
      ) : !check.data.valid ? (
        <Stack spacing={2}>
          <Alert severity="warning">{t('invitation.invalid')}</Alert>
          <Button component={RouterLink} to="/signIn/pwForgot" variant="outlined">
            {t('pw_reset.request_new')}
          </Button>
        </Stack>
      ) : (
        <ChoosePassword token={token} email={check.data.email ?? ''} />
      )}
    </AccountCard>
  );
}

function ChoosePassword({ token, email }: { token: string; email: string }) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const accept = useMutation({
    mutationFn: () => apiRequest(importsApi.acceptInvitation, { body: { token, new_password: password }, auth: false }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!passwordsAcceptable(password, confirmation)) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    accept.mutate();
  }

  if (accept.isSuccess)
    return (
      <Stack spacing={3}>
        <Alert severity="success" role="status">
          {t('invitation.done').replace('{email}', accept.data.email)}
        </Alert>
        <Button component={RouterLink} to="/signIn" variant="contained">
          {t('invitation.sign_in')}
        </Button>
      </Stack>
    );

  return (
    <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Typography color="textSecondary" sx={{ textAlign: 'center', mt: -2 }}>
          {t('invitation.intro').replace('{email}', email)}
        </Typography>
        {mismatch && <Alert severity="error">{t('pw_reset.mismatch')}</Alert>}
        {accept.isError && <Alert severity="error">{errorMessage(accept.error, t('error.generic'))}</Alert>}
        {/* The account's address, for the browser's password manager. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          mismatch={mismatch}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={accept.isPending} sx={{ py: 1.3 }}>
          {t('invitation.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
