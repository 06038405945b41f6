import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { PageBanner, UnderBanner } from '../../components/page-banner';
import { SiteText } from '../../components/site-text';
import { hasEditingRights, isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';

const sections = [
  { to: '/admin/members', label: 'Members' },
  { to: '/admin/import', label: 'Import' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/roles', label: 'Roles' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/outbox', label: 'Outbox' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/gift-aid', label: 'Gift Aid' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/texts', label: 'Texts' },
  { to: '/admin/images', label: 'Images' },
  { to: '/admin/newsletters', label: 'Newsletters' },
] as const;

/** The back office: the "Admin" banner, a tab per section (links), and the section below. */
export function AdminLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  // Editors write and send newsletters too (decision 120): that section, without the others' tabs.
  const writer = hasEditingRights(session) && pathname.startsWith('/admin/newsletters');
  return (
    <>
      <PageBanner title="admin.title" intro="admin.intro" />
      {isAdmin(session) || writer ? (
        <>
          {isAdmin(session) && <SectionTabs />}
          <UnderBanner>
            <Suspense fallback={<SectionLoading />}>
              <Outlet />
            </Suspense>
          </UnderBanner>
        </>
      ) : (
        <NotForYou signedIn={session !== null} />
      )}
    </>
  );
}

function SectionTabs() {
  const { t } = useSiteText();
  const { pathname } = useLocation();
  // A member's own page belongs to Members, so the tab of the section that starts the path.
  const current = sections.find((s) => pathname === s.to || pathname.startsWith(`${s.to}/`))?.to ?? false;
  return (
    <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Tabs value={current} aria-label={t('admin.sections')} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
          {sections.map((section) => (
            <Tab
              key={section.to}
              value={section.to}
              label={section.label}
              component={RouterLink}
              to={section.to}
              aria-current={current === section.to ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Container>
    </Box>
  );
}

function SectionLoading() {
  const { t } = useSiteText();
  return <LinearProgress aria-label={t('loading')} color="secondary" />;
}

/** As on the Gift Aid page: a visitor is asked to sign in, a member is told it is not for them. */
function NotForYou({ signedIn }: { signedIn: boolean }) {
  const { t } = useSiteText();
  usePageTitle(t('admin.title'));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Alert
        severity={signedIn ? 'warning' : 'info'}
        action={
          !signedIn && (
            <Button component={RouterLink} to="/signIn" color="inherit" size="small" startIcon={<LoginIcon />}>
              {t('admin.sign_in_link')}
            </Button>
          )
        }
      >
        <SiteText k={signedIn ? 'admin.forbidden' : 'admin.sign_in'} />
      </Alert>
    </Container>
  );
}
