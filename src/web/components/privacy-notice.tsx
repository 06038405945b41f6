import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSiteText } from '../lib/site-text';
import { SiteText } from './site-text';

/**
 * Where personal details are collected: what they are used for, the privacy policy's link, and
 * the unticked consent to news by e-mail (both texts are site texts the admin edits).
 */
export function PrivacyNotice({
  newsEmail,
  onNewsEmail,
  inputRef,
}: {
  newsEmail: boolean;
  onNewsEmail: (on: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useSiteText();
  const privacyId = t('privacy_article_id').trim();
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        <SiteText k="privacy.notice" />{' '}
        {privacyId ? (
          <Link component={RouterLink} to={`/article/${encodeURIComponent(privacyId)}`} sx={{ fontWeight: 600 }}>
            <SiteText k="privacy.notice_link" />
          </Link>
        ) : (
          <SiteText k="privacy.notice_link" />
        )}
        .
      </Typography>
      <FormControlLabel
        label={t('privacy.news_consent')}
        control={
          <Checkbox
            name="news_email"
            checked={newsEmail}
            onChange={(e) => onNewsEmail(e.target.checked)}
            slotProps={{ input: { ref: inputRef } }}
          />
        }
      />
    </Box>
  );
}
