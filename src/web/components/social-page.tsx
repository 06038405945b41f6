import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { socialEmbed } from '../../shared/domain/social-embed';
import { useSiteText } from '../lib/site-text';
import { SiteText } from './site-text';

/** "{network}" and "{host}" in a site text, filled in. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(network|host)\}/g, (_match, name: string) => values[name] ?? '');

/**
 * The association's social media page, privacy-friendly: a button and a note first, and the
 * network's frame (its scripts and cookies) only after the visitor chooses it (UK PECR wants
 * consent for cookies that are not essential). Nothing here needs the browser to draw the first
 * time, so the server can render it too. `preview` (Settings) shows the card without loading anything.
 */
export function SocialPage({ url, buttonLabel, preview = false }: { url: string; buttonLabel?: string; preview?: boolean }) {
  const { t } = useSiteText();
  const [shown, setShown] = useState(false);
  const embed = socialEmbed(url);
  const values = { network: embed?.network ?? 'social media', host: embed?.host ?? '' };
  const label = fill(buttonLabel ?? t('contact.social_show'), values);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 3, bgcolor: 'background.default' }}>
      {/* The page's name and a plain link: the card reads as finished, and leads somewhere, without the frame. */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          px: 2.5,
          py: 1.5,
          bgcolor: 'background.paper',
          borderBottom: embed ? 1 : 0,
          borderColor: 'divider',
        }}
      >
        <Typography component="p" sx={{ fontWeight: 700, color: 'primary.dark' }}>
          <SiteText k="contact.social_title" />
        </Typography>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, flexShrink: 0 }}
        >
          <SiteText k="contact.social_open" />
          <OpenInNewIcon aria-hidden sx={{ fontSize: '1rem' }} />
        </Link>
      </Box>
      {embed &&
        (shown ? (
          <Box
            component="iframe"
            src={embed.src}
            title={t('contact.social_title')}
            // Enough for a social page plugin to run, without top navigation or forms.
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="strict-origin-when-cross-origin"
            sx={{ display: 'block', border: 0, width: '100%', height: { xs: 420, md: 500 }, bgcolor: 'transparent' }}
          />
        ) : (
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 2,
              px: 3,
              py: { xs: 4, md: 6 },
              textAlign: 'center',
            }}
          >
            <Box
              aria-hidden
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
            {/* In the Settings preview the button stays still: this page's security policy may not allow the new frame yet. */}
            <Button variant="outlined" size="large" onClick={() => setShown(true)} disabled={preview}>
              {label}
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
              {fill(t('contact.social_note'), values)}
            </Typography>
          </Box>
        ))}
    </Paper>
  );
}
