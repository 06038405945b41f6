import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { SiteText } from '../../components/site-text';
import { visuallyHidden } from '../../components/loading-region';
import { useSiteText } from '../../lib/site-text';
import { EVENTS_CALENDAR_PATH } from '../../../shared/domain/link-paths';

/** The calendar feed of every event: a link, and its address to paste into a calendar app. */
export function SubscribePanel() {
  const { t } = useSiteText();
  // The server does not know the visitor's origin: the path first, the full address once in the browser.
  const origin = useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => '',
  );
  const address = `${origin}${EVENTS_CALENDAR_PATH}`;
  const [copied, setCopied] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin or a refusal): the address stays there to select by hand.
    }
  }

  return (
    <Paper
      component="aside"
      aria-labelledby="calendar-title"
      variant="outlined"
      sx={{ p: 3, borderRadius: 3, borderTop: 4, borderTopColor: 'secondary.main', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: '50%',
            bgcolor: 'rgba(242, 163, 65, 0.18)',
            color: 'secondary.dark',
          }}
        >
          <EventRepeatOutlinedIcon />
        </Box>
        <Typography id="calendar-title" variant="h2" sx={{ fontSize: '1.3rem', color: 'primary.dark' }}>
          <SiteText k="events.calendar_title" />
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.6, mb: 2.5 }}>
        <SiteText k="events.calendar_body" />
      </Typography>
      <Button
        component="a"
        href={EVENTS_CALENDAR_PATH}
        variant="contained"
        fullWidth
        startIcon={<EventAvailableOutlinedIcon />}
        sx={{ mb: 2.5 }}
      >
        {t('events.subscribe')}
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        <SiteText k="events.subscribe_hint" />
      </Typography>
      {/* TextField's parts without TextField, which brings Select (and its menu) to every visitor of /events. */}
      {/* One part: FormControl reads whether its field is filled from its children, as they are. */}
      <FormControl size="small" fullWidth variant="outlined">
        <InputLabel htmlFor={inputId}>{t('events.feed_address')}</InputLabel>
        <OutlinedInput
          id={inputId}
          label={t('events.feed_address')}
          value={address}
          readOnly
          onFocus={(event: FocusEvent<HTMLInputElement>) => event.target.select()}
          endAdornment={
            <InputAdornment position="end">
              {/* The browser's own hint on hover; the status below says "Copied" to everyone. */}
              <IconButton
                edge="end"
                size="small"
                onClick={() => void copy()}
                aria-label={t('events.copy_feed')}
                title={copied ? t('events.copied') : t('events.copy_feed')}
              >
                {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          }
        />
      </FormControl>
      <Box component="span" role="status" sx={visuallyHidden}>
        {copied ? t('events.copied') : ''}
      </Box>
    </Paper>
  );
}

const noChange = () => () => undefined;
