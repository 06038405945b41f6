import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CloseIcon from '@mui/icons-material/Close';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { SiteText } from '../../components/site-text';
import { useSiteTextEditor } from '../../components/site-text-editor';
import { isAdmin, useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { useSiteText } from '../../lib/site-text';
import { navItems, SWIPE_AREA_TOP, SWIPE_AREA_WIDTH } from './nav-items';

// Swiping to open is unreliable on iOS Safari (it goes back instead), as MUI advises.
const isIos = typeof navigator !== 'undefined' && /iPad|iPhone|iPod/.test(navigator.userAgent);

const activeSx = {
  '&[aria-current="page"]': {
    bgcolor: 'rgba(11, 79, 108, 0.08)',
    borderLeftColor: 'secondary.dark',
  },
} as const;

/**
 * The drawer itself, loaded apart from the first page (it brings MUI's Modal, Slide and List):
 * NavDrawer mounts it at the first open (the menu button or a swipe from the edge).
 */
export function NavDrawerPanel({
  open,
  onOpen,
  onClose,
  onReady,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Called once mounted: the drawer slides in only when it opens after its first render. */
  onReady: () => void;
}) {
  const { t } = useSiteText();
  const session = useSession();
  const textEditor = useSiteTextEditor();
  useEffect(onReady, [onReady]);

  return (
    <SwipeableDrawer
      anchor="right"
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      swipeAreaWidth={SWIPE_AREA_WIDTH}
      disableBackdropTransition={!isIos}
      disableDiscovery={isIos}
      slotProps={{
        swipeArea: { style: { top: SWIPE_AREA_TOP } },
        paper: {
          id: 'nav-drawer',
          role: 'dialog',
          'aria-modal': true,
          'aria-label': t('nav.menu'),
          sx: { width: 'min(80vw, 300px)' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('nav.menu')}
        </Typography>
        <IconButton aria-label={t('nav.close_menu')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.label')}>
        <List>
          {navItems.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                end={item.end}
                onClick={onClose}
                sx={{ borderLeft: '4px solid transparent', ...activeSx }}
              >
                <ListItemText
                  primary={<SiteText k={item.en} />}
                  secondary={<SiteText k={item.hy} lang="hy" />}
                  slotProps={{
                    primary: { sx: { fontWeight: 600 } },
                    // A span, so the link's name reads "Home Գլխավոր" without a <p> inside a link.
                    secondary: { component: 'span', sx: { display: 'block', color: 'text.secondary' } },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <List>
        {session ? (
          <>
            <ListItem disablePadding>
              <ListItemButton component={NavLink} to="/profile" onClick={onClose} sx={{ borderLeft: '4px solid transparent', ...activeSx }}>
                <ListItemIcon>
                  <PersonIcon />
                </ListItemIcon>
                <ListItemText primary={<SiteText k="nav.account" />} />
              </ListItemButton>
            </ListItem>
            {isAdmin(session) && (
              <ListItem disablePadding>
                <ListItemButton component={NavLink} to="/admin" onClick={onClose} sx={{ borderLeft: '4px solid transparent', ...activeSx }}>
                  <ListItemIcon>
                    <AdminPanelSettingsIcon />
                  </ListItemIcon>
                  <ListItemText primary={<SiteText k="nav.admin" />} />
                </ListItemButton>
              </ListItem>
            )}
            {isAdmin(session) && textEditor && (
              <ListItem disablePadding>
                <ListItemButton
                  onClick={() => {
                    onClose();
                    textEditor.setEditMode(true);
                  }}
                  sx={{ borderLeft: '4px solid transparent' }}
                >
                  <ListItemIcon>
                    <EditNoteIcon />
                  </ListItemIcon>
                  <ListItemText primary={t('site_text.edit_mode')} />
                </ListItemButton>
              </ListItem>
            )}
            <ListItem disablePadding>
              <ListItemButton onClick={() => void signOut()} sx={{ borderLeft: '4px solid transparent' }}>
                <ListItemIcon>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={<SiteText k="nav.sign_out" />} />
              </ListItemButton>
            </ListItem>
          </>
        ) : (
          <ListItem disablePadding>
            <ListItemButton component={NavLink} to="/signIn" onClick={onClose} sx={{ borderLeft: '4px solid transparent', ...activeSx }}>
              <ListItemIcon>
                <LoginIcon />
              </ListItemIcon>
              <ListItemText primary={<SiteText k="nav.sign_in" />} />
            </ListItemButton>
          </ListItem>
        )}
      </List>
    </SwipeableDrawer>
  );
}
