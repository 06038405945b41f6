import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isWebAddress } from '../../../shared/domain/richtext/safe-url';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { FlagStripe } from './flag-stripe';

const footerLinkSx = {
  color: 'inherit',
  textDecorationColor: 'rgba(255, 255, 255, 0.6)',
  '&:hover': { textDecorationColor: 'inherit' },
  '&:focus-visible': { outlineColor: 'secondary.main', boxShadow: 'none' },
} as const;

export function SiteFooter() {
  const { t } = useSiteText();
  const privacyId = t('privacy_article_id').trim();
  // Settings accept only web addresses; one stored before they did is not made a link.
  const byline = t('footer.byline_url').trim();
  const bylineUrl = isWebAddress(byline) ? byline : '';
  const charityNumber = t('charity_number').trim();
  const year = new Date().getFullYear();

  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', mt: 'auto' }}>
      {/* The stripe, the notice and the links are taken over in turns of their own. */}
      <FlagStripe height={3} />
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 3 }}
          sx={{ py: 3, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box>
            <Typography variant="body2">
              © {year} <SiteText k="site_name" />
            </Typography>
            {charityNumber && (
              <Typography variant="body2" sx={{ opacity: 0.9 }}>
                <SiteText k="footer.charity_number" /> <SiteText k="charity_number" />
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={3} component="ul" sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap' }}>
            {privacyId && (
              <li>
                <Link
                  component={RouterLink}
                  to={`/article/${encodeURIComponent(privacyId)}`}
                  variant="body2"
                  underline="always"
                  sx={footerLinkSx}
                >
                  <SiteText k="footer.privacy" />
                </Link>
              </li>
            )}
            {t('footer.byline').trim() && (
              <li>
                {bylineUrl ? (
                  <Link href={bylineUrl} target="_blank" rel="noopener noreferrer" variant="body2" underline="always" sx={footerLinkSx}>
                    <SiteText k="footer.byline" />
                  </Link>
                ) : (
                  <Typography variant="body2" component="span">
                    <SiteText k="footer.byline" />
                  </Typography>
                )}
              </li>
            )}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
