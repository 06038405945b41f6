import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { accountApi } from '../../../shared/api/account';
import { apiRequest, errorMessage } from '../../lib/api';
import { readSession, saveSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { AccountCard } from './account-card';

/**
 * The page an e-mail change link opens. The change waits for a click: mail scanners that follow
 * links must not use the link up (nor make the change) on their own.
 */
export function ConfirmEmailPage() {
  const { t } = useSiteText();
  usePageTitle(t('confirm_email.title'));
  const { token = '' } = useParams();
  const confirm = useMutation({
    mutationFn: () => apiRequest(accountApi.emailConfirm, { body: { token }, auth: false }),
    onSuccess: ({ email }) => {
      // The session names the account by its address: keep it in step when it is this account.
      const session = readSession();
      if (session) saveSession({ ...session, username: email });
    },
  });

  return (
    <AccountCard icon={<MarkEmailReadIcon />} title="confirm_email.title">
      {/* The link is a secret: never send it on as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      <Stack spacing={2.5}>
        {confirm.isSuccess ? (
          <Alert severity="success" role="status">
            {t('confirm_email.done').replace('{email}', confirm.data.email)}
          </Alert>
        ) : (
          <>
            {confirm.isError && <Alert severity="error">{errorMessage(confirm.error, t('error.generic'))}</Alert>}
            <Typography>{t('confirm_email.working')}</Typography>
            <Button variant="contained" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              {t('confirm_email.title')}
            </Button>
          </>
        )}
        <Button component={RouterLink} to="/profile">
          {t('confirm_email.profile')}
        </Button>
      </Stack>
    </AccountCard>
  );
}
