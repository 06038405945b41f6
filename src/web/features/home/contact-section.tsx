import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { SectionHeading } from './section-heading';

export function ContactSection() {
  const { t } = useSiteText();
  const email = t('contact_email').trim();
  const socialUrl = t('social_media_url').trim();

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
            <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 3, lineHeight: 0 }}>
              <Box
                component="iframe"
                src={socialUrl}
                title={t('contact.social_title')}
                loading="lazy"
                // Enough for a social page plugin to run, without top navigation or forms.
                sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                referrerPolicy="strict-origin-when-cross-origin"
                sx={{ border: 0, width: '100%', height: { xs: 420, md: 500 } }}
              />
            </Paper>
          )}
        </Box>
      </Container>
    </Box>
  );
}
