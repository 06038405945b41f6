import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { splitEvents } from '../../../shared/domain/event-timing';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { SectionHeading } from '../../components/section-heading';
import { SiteText } from '../../components/site-text';
import { formatEventDate } from '../../lib/format';
import { useSiteText } from '../../lib/site-text';
import { useNow } from '../../lib/use-now';
import { EventDateBadge } from './event-date-badge';
import { useEvents } from './events-api';
import { NoUpcomingEvents } from './no-upcoming-events';

const SHOWN = 3;

/** Home: the next three upcoming events, title and date, and the way to all of them. */
export function EventsSummary() {
  const { t } = useSiteText();
  const events = useEvents();
  const now = useNow();
  const next = useMemo(() => splitEvents(events.data ?? [], now).upcoming.slice(0, SHOWN), [events.data, now]);

  return (
    <Box
      component="section"
      aria-labelledby="events-summary-title"
      sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper', borderTop: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, gap: 2, mb: { xs: 3, sm: 4 } }}
        >
          <div>
            <SectionHeading id="events-summary-title" k="home.events.title" spacing={0} />
          </div>
          {/* The button and each event are taken over in turns of their own. */}
          <Button
            component={RouterLink}
            to="/events"
            variant="outlined"
            endIcon={<ArrowForwardIcon />}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
          >
            <SiteText k="home.events.all" />
          </Button>
        </Stack>

        {events.isPending ? (
          <LoadingRegion sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {Array.from({ length: SHOWN }, (_, i) => (
              <Paper key={i} variant="outlined" sx={{ display: 'flex', gap: 2, p: 2.5, borderRadius: 3 }}>
                <Skeleton variant="rounded" width={60} height={74} />
                <Box sx={{ flexGrow: 1 }}>
                  <Skeleton variant="text" width="80%" sx={{ fontSize: '1.2rem' }} />
                  <Skeleton variant="text" width="60%" />
                </Box>
              </Paper>
            ))}
          </LoadingRegion>
        ) : events.isError ? (
          <LoadError message={t('events.load_failed')} error={events.error} onRetry={() => void events.refetch()} />
        ) : next.length === 0 ? (
          <NoUpcomingEvents compact />
        ) : (
          <Box
            component="ul"
            sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, m: 0, p: 0, listStyle: 'none' }}
          >
            {next.map((event) => (
              <Paper
                key={event._id}
                component="li"
                variant="outlined"
                sx={{ display: 'flex', gap: 2, p: 2.5, borderRadius: 3, alignItems: 'flex-start', bgcolor: 'background.default' }}
              >
                <EventDateBadge date={event.date} size="small" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h3" sx={{ fontSize: '1.15rem', color: 'primary.dark', mb: 0.75, lineHeight: 1.35 }}>
                    {event.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                    <time dateTime={event.date}>{formatEventDate(event.date)}</time>
                  </Typography>
                </Box>
              </Paper>
            ))}
          </Box>
        )}
      </Container>
    </Box>
  );
}
