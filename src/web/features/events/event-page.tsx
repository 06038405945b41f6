import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { EventRecord } from '../../../shared/api/events';
import { isEventId } from '../../../shared/domain/event-id';
import { EVENT_CALENDAR_PATH, fillPath } from '../../../shared/domain/link-paths';
import { formatPence } from '../../../shared/domain/money';
import { fromLondonLocal } from '../../../shared/domain/london-time';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { ApiError } from '../../lib/api';
import { isAdmin, useSession } from '../../lib/session';
import { formatEventDate, formatEventSpan } from '../../lib/format';
import { BackToEvents } from './back-to-events';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { BookingPanel } from './booking-panel';
import { useEvent } from './events-api';

/** /events/{id}: everything about one event, the way to book it and "Add to calendar". */
export function EventPage() {
  const { t } = useSiteText();
  const { eventId } = useParams();
  const valid = isEventId(eventId);
  const event = useEvent(valid ? eventId : null);
  const notFound = event.error instanceof ApiError && event.error.status === 404;
  usePageTitle(event.data?.title ?? (valid ? (notFound ? t('event.not_found') : null) : t('event.invalid_id')));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <BackToEvents />
      {!valid ? (
        <Missing text={t('event.invalid_id')} />
      ) : event.isPending ? (
        <LoadingRegion>
          <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="70%" />
          <Skeleton variant="rounded" height={160} />
        </LoadingRegion>
      ) : notFound ? (
        <Missing text={t('event.not_found')} />
      ) : event.isError ? (
        <LoadError message={t('event.load_failed')} error={event.error} onRetry={() => void event.refetch()} />
      ) : (
        <EventDetails event={event.data} onBooked={() => void event.refetch()} />
      )}
    </Container>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <Typography variant="h1" sx={{ fontSize: '1.75rem', color: 'primary.dark' }}>
      {text}
    </Typography>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1.25 }}>
      <Typography component="dt" sx={{ fontWeight: 700, color: 'text.primary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

function EventDetails({ event, onBooked }: { event: EventRecord; onBooked: () => void }) {
  const { t } = useSiteText();
  const money = (pence: number) => (pence === 0 ? t('events.free') : formatPence(pence));
  const samePrice = event.members_only || event.member_price_pence === event.price_pence;
  const place = [event.venue_name, event.venue_address].filter(Boolean).join('\n');
  const admin = isAdmin(useSession());
  return (
    <Box component="article" aria-labelledby="event-title">
      <Typography id="event-title" variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.9rem, 4vw, 2.75rem)', mb: 2 }}>
        {event.title}
      </Typography>
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 1, borderRadius: 3, mb: 3 }}>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('event.when')}>
            <time dateTime={event.date}>{formatEventSpan(event.date, event.end_date)}</time>
          </Row>
          {(place || event.online) && (
            <Row label={t('event.where')}>
              {place}
              {place && event.online && '\n'}
              {event.online && t('event.online_after_booking')}
            </Row>
          )}
          <Row label={t('event.price')}>
            {samePrice
              ? money(event.member_price_pence)
              : `${t('event.price_members')}: ${money(event.member_price_pence)}, ${t('event.price_others')}: ${money(event.price_pence)}`}
            {event.members_only && ` · ${t('events.members_only')}`}
          </Row>
          {event.cpd_hours !== null && (
            <Row label={t('event.cpd')}>
              {event.cpd_hours} {t('event.cpd_hours')}
            </Row>
          )}
          {event.capacity !== null && (
            <Row label={t('event.places')}>
              {event.capacity} ({event.places_left} {t('event.places_left')})
            </Row>
          )}
          {event.booking_opens && event.booking_state === 'not_open_yet' && (
            <Row label={t('event.booking_opens')}>{formatEventDate(fromLondonLocal(event.booking_opens))}</Row>
          )}
          {event.booking_closes && event.booking_state !== 'closed' && (
            <Row label={t('event.booking_closes')}>{formatEventDate(fromLondonLocal(event.booking_closes))}</Row>
          )}
        </Box>
      </Paper>
      {event.description && <Typography sx={{ lineHeight: 1.8, whiteSpace: 'pre-line', mb: 3 }}>{event.description}</Typography>}
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', mb: 4 }}>
        <Button
          component="a"
          href={fillPath(EVENT_CALENDAR_PATH, { id: event._id })}
          download
          variant="outlined"
          startIcon={<EventAvailableOutlinedIcon />}
        >
          {t('events.add_to_calendar')}
        </Button>
        {admin && (
          <Button component={RouterLink} to={`/admin/events/${event._id}`} variant="outlined">
            Bookings and check-in
          </Button>
        )}
      </Stack>
      {event.booking_state === 'closed' && <Typography sx={{ color: 'text.secondary' }}>{t('event.closed')}</Typography>}
      {event.booking_state === 'not_open_yet' && <Typography sx={{ color: 'text.secondary' }}>{t('event.not_open_yet')}</Typography>}
      <BookingPanel event={event} onBooked={onBooked} />
    </Box>
  );
}
