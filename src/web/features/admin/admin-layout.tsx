import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { UnderBanner } from '../../components/page-banner';
import { SiteText } from '../../components/site-text';
import { hasEditingRights, isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { useWords } from '../../lib/words';
import { adminWords } from './admin-words';

// Paths without the language: the router's basename keeps an Armenian admin under /hy (decision 150).
const sections = [
  { to: '/admin/members', label: 'members' },
  { to: '/admin/import', label: 'import' },
  { to: '/admin/events', label: 'events' },
  { to: '/admin/roles', label: 'roles' },
  { to: '/admin/payments', label: 'payments' },
  { to: '/admin/auto-renewals', label: 'autoRenewals' },
  { to: '/admin/monthly-gifts', label: 'monthlyGifts' },
  { to: '/admin/outbox', label: 'outbox' },
  { to: '/admin/audit', label: 'audit' },
  { to: '/admin/gift-aid', label: 'giftAid' },
  { to: '/admin/settings', label: 'settings' },
  { to: '/admin/texts', label: 'texts' },
  { to: '/admin/images', label: 'images' },
  { to: '/admin/newsletters', label: 'newsletters' },
] as const;

/**
 * The back office: a compact band with the "Admin" heading and the sections as navigation (links,
 * the current one marked as the page), and the section below. Each section's own heading is an h2.
 */
export function AdminLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  // Editors write and send newsletters too (decision 120): that section, without the others' tabs.
  const writer = hasEditingRights(session) && pathname.startsWith('/admin/newsletters');
  return (
    <>
      <AdminHeader nav={isAdmin(session)} />
      {isAdmin(session) || writer ? (
        <UnderBanner>
          <Suspense fallback={<SectionLoading />}>
            <Outlet />
          </Suspense>
        </UnderBanner>
      ) : (
        <NotForYou signedIn={session !== null} />
      )}
    </>
  );
}

function AdminHeader({ nav }: { nav: boolean }) {
  const { t } = useSiteText();
  const w = useWords(adminWords);
  const { pathname } = useLocation();
  // A member's own page belongs to Members: the section whose path starts the address is current.
  const current = sections.find((s) => pathname === s.to || pathname.startsWith(`${s.to}/`))?.to;
  return (
    <Box sx={{ bgcolor: 'primary.dark', color: 'common.white' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3, pt: 1.25, pb: nav ? 0 : 1.25 }}>
        <Typography variant="h1" sx={{ fontSize: '1.25rem', lineHeight: 1.2, py: nav ? 1 : 0 }}>
          <SiteText k="admin.title" />
        </Typography>
        {nav && (
          <Box component="nav" aria-label={t('admin.sections')} sx={{ flex: '1 1 0', minWidth: 0, overflowX: 'auto' }}>
            <Box component="ul" sx={{ display: 'flex', gap: 0.5, m: 0, p: 0, listStyle: 'none', whiteSpace: 'nowrap' }}>
              {sections.map((section) => {
                const here = current === section.to;
                return (
                  <li key={section.to}>
                    <Box
                      component={RouterLink}
                      to={section.to}
                      aria-current={here ? 'page' : undefined}
                      sx={{
                        display: 'block',
                        px: 1.5,
                        py: 1.25,
                        color: 'inherit',
                        fontWeight: here ? 700 : 500,
                        textDecoration: 'none',
                        borderBottom: 3,
                        borderColor: here ? 'secondary.main' : 'transparent',
                        '&:hover': { borderColor: here ? 'secondary.main' : 'rgba(255, 255, 255, 0.5)' },
                        '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: -3 },
                      }}
                    >
                      {w.sections[section.label]}
                    </Box>
                  </li>
                );
              })}
            </Box>
          </Box>
        )}
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
