import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { SiteText } from '../../components/site-text';
import { hasEditingRights, isAdmin, useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { useSiteText } from '../../lib/site-text';

// Only an admin sees it: its tooltip (and MUI's Popper) is not part of every visitor's first load.
const EditTextsButton = lazy(() => import('./edit-texts-button').then((m) => ({ default: m.EditTextsButton })));

/** Sign in, or the account button and Sign out; SPEC: the secondary colour marks editing rights. */
export function AccountActions() {
  const session = useSession();
  if (!session) {
    return (
      <Button component={RouterLink} to="/signIn" variant="outlined" startIcon={<LoginIcon />}>
        <SiteText k="nav.sign_in" />
      </Button>
    );
  }
  return (
    <Stack direction="row" spacing={1}>
      <Button
        component={RouterLink}
        to="/profile"
        variant="contained"
        color={hasEditingRights(session) ? 'secondary' : 'primary'}
        startIcon={<AccountCircleIcon />}
      >
        <SiteText k="nav.account" />
      </Button>
      {isAdmin(session) && (
        <>
          <Button component={RouterLink} to="/admin" variant="outlined" startIcon={<AdminPanelSettingsIcon />}>
            <SiteText k="nav.admin" />
          </Button>
          <Suspense fallback={null}>
            <EditTextsButton />
          </Suspense>
        </>
      )}
      <Button onClick={() => void signOut()} variant="outlined" startIcon={<LogoutIcon />}>
        <SiteText k="nav.sign_out" />
      </Button>
    </Stack>
  );
}

/** The separate account icon kept in the header when the nav is in the drawer. */
export function AccountIconButton() {
  const session = useSession();
  const { t } = useSiteText();
  const editor = hasEditingRights(session);
  return (
    <IconButton
      component={RouterLink}
      to={session ? '/profile' : '/signIn'}
      aria-label={session ? t('nav.account') : t('nav.sign_in')}
      size="large"
      color="primary"
      sx={
        editor
          ? {
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              '&:hover': { bgcolor: 'secondary.light' },
            }
          : undefined
      }
    >
      <AccountCircleIcon />
    </IconButton>
  );
}
