import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Navigate, Link as RouterLink } from 'react-router';
import type { AccountSecurity } from '../../../../shared/api/second-factor';
import { LoadingRegion } from '../../../components/loading-region';
import { PageBanner } from '../../../components/page-banner';
import { formatShortDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSecurity } from '../../../lib/account-security';
import { AuthenticatorPanel } from './authenticator-panel';
import { PasskeysPanel } from './passkeys-panel';
import { SessionsPanel } from './sessions-panel';
import { useWords } from '../../../lib/words';
import { roleWords } from '../../../lib/role-words';

/**
 * Sign-in and security (/profile/security): passkeys, the authenticator app and recovery codes,
 * and the signed-in sessions. Staff without a second factor are brought here after signing in.
 */
export function SecurityPage() {
  const { t } = useSiteText();
  usePageTitle(t('security.title'));
  const session = useSession();
  const security = useSecurity();
  if (!session) return <Navigate to="/signIn" replace />;

  return (
    <>
      <PageBanner title="security.title" intro={null} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Stack spacing={3}>
          <Box>
            <Button component={RouterLink} to="/profile" startIcon={<ArrowBackIcon />}>
              {t('security.back')}
            </Button>
          </Box>
          {security.isError && <Alert severity="error">{t('security.failed')}</Alert>}
          {security.data ? (
            <>
              <StaffNotice security={security.data} role={session.role} />
              <PasskeysPanel security={security.data} />
              <AuthenticatorPanel security={security.data} />
            </>
          ) : (
            !security.isError && (
              <LoadingRegion>
                <Skeleton variant="rounded" height={220} />
              </LoadingRegion>
            )
          )}
          <SessionsPanel />
        </Stack>
      </Container>
    </>
  );
}

function StaffNotice({ security, role: roleKey }: { security: AccountSecurity; role: string }) {
  const { t, language } = useSiteText();
  const role = useWords(roleWords).role(roleKey);
  const { staff } = security;
  if (!staff.applies) return null;
  if (staff.blocked) return <Alert severity="warning">{t('security.staff_required').replace('{role}', role)}</Alert>;
  if (staff.grace_until)
    return (
      <Alert severity="info">
        {t('security.staff_grace').replace('{role}', role).replace('{date}', formatShortDate(staff.grace_until, language))}
      </Alert>
    );
  return <Alert severity="success">{t('security.staff_done').replace('{role}', role)}</Alert>;
}
