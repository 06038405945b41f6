import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useSiteText } from '../../lib/site-text';

/** "All events": the way back from an event's page and from a booking's page. */
export function BackToEvents() {
  const { t } = useSiteText();
  return (
    <Link component={RouterLink} to="/events" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 3 }}>
      <ArrowBackIcon fontSize="small" />
      {t('event.back')}
    </Link>
  );
}
