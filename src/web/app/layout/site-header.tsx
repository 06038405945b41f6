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

/**
 * The banner: the association's mark beside its name, as text (it follows Settings at once and
 * stays legible on a phone), and the account controls. On wide screens only the nav below it
 * sticks; on narrow screens the nav is in the drawer, so this compact header sticks instead.
 */
export function SiteHeader({ mobile }: { mobile: boolean }) {
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
        ...(mobile && { position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar }),
      }}
    >
      <FlagStripe />
      <Container maxWidth="lg">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, py: mobile ? 0.75 : 1.5 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: mobile ? 1.25 : 2,
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
                height: mobile ? 44 : 68,
                width: 'auto',
                maxWidth: mobile ? 88 : 160,
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
                    fontSize: mobile ? '1.2rem' : '1.85rem',
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
                    ? { fontSize: mobile ? '0.8125rem' : '1rem', lineHeight: 1.3, color: 'text.secondary', fontWeight: 500 }
                    : {
                        fontFamily: 'Georgia, "Times New Roman", "DejaVu Serif", serif',
                        fontWeight: 700,
                        fontSize: mobile ? '1.05rem' : '1.6rem',
                        lineHeight: 1.2,
                        color: 'primary.main',
                      }
                }
              />
            </Box>
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
