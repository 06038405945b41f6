import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { isWebAddress } from '../../../shared/domain/richtext/safe-url';
import { SiteText } from '../../components/site-text';
import { SocialPage } from '../../components/social-page';
import { useSiteText } from '../../lib/site-text';
import { SectionHeading } from '../../components/section-heading';

export function ContactSection() {
  const { t } = useSiteText();
  const email = t('contact_email').trim();
  const social = t('social_media_url').trim();
  // Only a web address may become a link (never javascript: and the like); only https a frame.
  const socialUrl = isWebAddress(social) ? social : '';

  return (
    <Box
      component="section"
      id="contact"
      aria-labelledby="contact-title"
      sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', scrollMarginTop: 80 }}
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
          {socialUrl && <SocialPage url={socialUrl} />}
        </Box>
      </Container>
    </Box>
  );
}
