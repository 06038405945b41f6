import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useSiteText } from '../../lib/site-text';
import { AccountActions, AccountIconButton } from './account-actions';
import { FlagStripe } from './flag-stripe';
import { NavDrawer } from './nav-drawer';

/**
 * The banner: logo and account controls. On wide screens only the nav below it sticks; on narrow
 * screens the nav is in the drawer, so this compact header sticks instead.
 */
export function SiteHeader({ mobile }: { mobile: boolean }) {
  const { t } = useSiteText();
  return (
    <Box
      component="header"
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        ...(mobile && { position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar }),
      }}
    >
      <FlagStripe />
      <Container maxWidth="lg">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, py: mobile ? 0.75 : 1.5 }}>
          <Box component={RouterLink} to="/" sx={{ display: 'inline-flex', minWidth: 0, borderRadius: 1 }}>
            <Box
              component="img"
              src={t('logo_url')}
              alt={t('site_name')}
              sx={{ display: 'block', height: mobile ? 48 : 72, width: 'auto', maxWidth: '100%' }}
            />
          </Box>
          {mobile ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
              <AccountIconButton />
              <NavDrawer />
            </Stack>
          ) : (
            <AccountActions />
          )}
        </Stack>
      </Container>
    </Box>
  );
}
