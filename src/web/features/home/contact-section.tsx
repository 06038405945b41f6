import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { SectionHeading } from '../../components/section-heading';

export function ContactSection() {
  const { t } = useSiteText();
  const email = t('contact_email').trim();
  const social = t('social_media_url').trim();
  // Only a web address may become a frame or a link (never javascript: and the like).
  const socialUrl = /^https?:\/\//i.test(social) ? social : '';

  return (
    <Box
      component="section"
      aria-labelledby="contact-title"
      sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
    >
      <Container maxWidth={socialUrl ? 'lg' : 'md'}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: socialUrl ? '1fr 1fr' : '1fr' },
            textAlign: socialUrl ? 'left' : { xs: 'left', sm: 'center' },
          }}
        >
          <div>
            <SectionHeading id="contact-title" k="contact.title" spacing={2.5} barMargin={socialUrl ? 0 : { xs: 0, sm: 'auto' }} />
            <Typography sx={{ fontSize: '1.08rem', lineHeight: 1.7, color: 'text.secondary', mb: 3.5 }}>
              <SiteText k="contact.body" />
            </Typography>
            {email && (
              <Button
                href={`mailto:${email}`}
                variant="contained"
                size="large"
                startIcon={<MailOutlinedIcon />}
                sx={{ px: 3, py: 1.3, textTransform: 'none', overflowWrap: 'anywhere' }}
              >
                <SiteText k="contact_email" />
              </Button>
            )}
          </div>
          {socialUrl && (
            <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 3, bgcolor: 'background.default' }}>
              {/* A header with the page's name and a plain link: the card still reads as finished, and
                  still leads somewhere, when the frame is blocked or cannot load. */}
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 2,
                  px: 2.5,
                  py: 1.5,
                  bgcolor: 'background.paper',
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography component="p" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                  <SiteText k="contact.social_title" />
                </Typography>
                <Link
                  href={socialUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, flexShrink: 0 }}
                >
                  <SiteText k="contact.social_open" />
                  <OpenInNewIcon aria-hidden sx={{ fontSize: '1rem' }} />
                </Link>
              </Box>
              <Box sx={{ position: 'relative', height: { xs: 420, md: 500 } }}>
                {/* Behind the frame: what shows while it loads, or if it never does. */}
                <Box
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    gap: 1.5,
                    color: 'text.secondary',
                  }}
                >
                  <Box
                    sx={{
                      display: 'grid',
                      placeItems: 'center',
                      width: 64,
                      height: 64,
                      borderRadius: '50%',
                      bgcolor: 'rgba(11, 79, 108, 0.08)',
                      color: 'primary.main',
                    }}
                  >
                    <ForumOutlinedIcon />
                  </Box>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {t('contact.social_title')}
                  </Typography>
                </Box>
                <Box
                  component="iframe"
                  src={socialUrl}
                  title={t('contact.social_title')}
                  loading="lazy"
                  // Enough for a social page plugin to run, without top navigation or forms.
                  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                  referrerPolicy="strict-origin-when-cross-origin"
                  sx={{ position: 'relative', display: 'block', border: 0, width: '100%', height: '100%', bgcolor: 'transparent' }}
                />
              </Box>
            </Paper>
          )}
        </Box>
      </Container>
    </Box>
  );
}
