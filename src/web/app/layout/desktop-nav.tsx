import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { NavLink } from 'react-router';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { DESKTOP_ONLY, navItems } from './nav-items';

/** The sticky bar of the five bilingual links, above the drawer breakpoint. */
export function DesktopNav() {
  const { t } = useSiteText();
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        boxShadow: '0 2px 8px rgba(7, 52, 73, 0.25)',
        ...DESKTOP_ONLY,
      }}
    >
      <Container maxWidth="lg">
        <Box component="ul" sx={{ display: 'flex', justifyContent: 'center', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
          {navItems.map((item) => (
            <li key={item.to}>
              <Box
                component={NavLink}
                to={item.to}
                end={item.end}
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  minWidth: 120,
                  px: 2.5,
                  pt: 1.25,
                  pb: 1,
                  color: 'inherit',
                  textDecoration: 'none',
                  borderBottom: '3px solid transparent',
                  transition: (theme) => theme.transitions.create(['background-color', 'border-color']),
                  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.1)' },
                  '&[aria-current="page"]': { borderBottomColor: 'secondary.main', bgcolor: 'rgba(255, 255, 255, 0.08)' },
                  '&:focus-visible': { outlineColor: 'secondary.main', outlineOffset: '-3px', boxShadow: 'none' },
                }}
              >
                <SiteText k={item.en} sx={{ fontWeight: 600, fontSize: '1rem', lineHeight: 1.3 }} />{' '}
                <SiteText k={item.hy} lang="hy" sx={{ fontSize: '0.78rem', lineHeight: 1.4, opacity: 0.92 }} />
              </Box>
            </li>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
