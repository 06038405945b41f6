import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { SiteText } from '../../components/site-text';
import { DEFAULT_MARK } from '../../lib/default-mark';
import { useSiteText } from '../../lib/site-text';
import { AccountActions, AccountIconButton } from './account-actions';
import { FlagStripe } from './flag-stripe';
import { NavDrawer } from './nav-drawer';
import { DESKTOP_ONLY, MOBILE_NAV, MOBILE_ONLY } from './nav-items';

/**
 * The banner: the association's mark beside its name, as text (it follows Settings at once and
 * stays legible on a phone), and the account controls. On wide screens only the nav below it
 * sticks; on narrow screens the nav is in the drawer, so this compact header sticks instead.
 */
export function SiteHeader() {
  const { peek } = useSiteText();
  const shortName = peek('site_short_name').trim();
  const showShort = shortName !== '' && shortName !== peek('site_name').trim();
  return (
    <Box
      component="header"
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        [MOBILE_NAV]: { position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar },
      }}
    >
      {/* The stripe, the home link and the actions are taken over in turns of their own. */}
      <FlagStripe />
      <Container maxWidth="lg">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1.5, [MOBILE_NAV]: { py: 0.75 } }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 2,
              [MOBILE_NAV]: { gap: 1.25 },
              minWidth: 0,
              borderRadius: 1,
              textDecoration: 'none',
            }}
          >
            {/* Decorative: the name beside it is the link's text. */}
            <Box
              component="img"
              src={peek('logo_url').trim() || DEFAULT_MARK}
              alt=""
              sx={{
                display: 'block',
                flexShrink: 0,
                height: 68,
                width: 'auto',
                maxWidth: 160,
                [MOBILE_NAV]: { height: 44, maxWidth: 88 },
                objectFit: 'contain',
              }}
            />
            <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
              {showShort && (
                <SiteText
                  k="site_short_name"
                  sx={{
                    fontFamily: 'Georgia, "Times New Roman", "DejaVu Serif", serif',
                    fontWeight: 700,
                    fontSize: '1.85rem',
                    [MOBILE_NAV]: { fontSize: '1.2rem' },
                    lineHeight: 1.15,
                    letterSpacing: '0.02em',
                    color: 'primary.main',
                  }}
                />
              )}
              <SiteText
                k="site_name"
                sx={
                  showShort
                    ? {
                        fontSize: '1rem',
                        [MOBILE_NAV]: { fontSize: '0.8125rem' },
                        lineHeight: 1.3,
                        color: 'text.secondary',
                        fontWeight: 500,
                      }
                    : {
                        fontFamily: 'Georgia, "Times New Roman", "DejaVu Serif", serif',
                        fontWeight: 700,
                        fontSize: '1.6rem',
                        [MOBILE_NAV]: { fontSize: '1.05rem' },
                        lineHeight: 1.2,
                        color: 'primary.main',
                      }
                }
              />
            </Box>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0, ...MOBILE_ONLY }}>
            <AccountIconButton />
            <NavDrawer />
          </Stack>
          <Box sx={{ display: 'flex', ...DESKTOP_ONLY }}>
            <AccountActions />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
