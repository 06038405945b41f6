import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { EventRecord } from '../../../shared/api/events';
import { Link as RouterLink } from 'react-router';
import { formatEventSpan } from '../../lib/format';
import { EventFacts } from './event-facts';
import { useSiteText } from '../../lib/site-text';
import { EventDateBadge } from './event-date-badge';
import { EVENT_CALENDAR_PATH, fillPath } from '../../../shared/domain/link-paths';

export interface AdminActions {
  onEdit: () => void;
  onDelete: () => void;
  /** Another event is being edited: only one at a time. */
  disabled: boolean;
}

/** An upcoming event: calendar badge, title, long London date, description and calendar link. */
export function EventCard({ event, admin }: { event: EventRecord; admin?: AdminActions }) {
  const { t } = useSiteText();
  // From the data: the admin's buttons, drawn only in the browser, point at the same one.
  const titleId = `event-${event._id}-title`;
  return (
    <EventCardFrame labelledBy={titleId}>
      <Box
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: 'grid',
          columnGap: { xs: 2, sm: 3 },
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          // Narrow screens give the description the full width under the badge.
          gridTemplateAreas: { xs: '"badge head" "body body"', sm: '"badge head" "badge body"' },
        }}
      >
        {/* The badge, the heading and the rest are taken over in turns of their own (lib/hydration-turns.ts). */}
        <Box sx={{ gridArea: 'badge' }}>
          <EventDateBadge date={event.date} />
        </Box>
        <Box sx={{ gridArea: 'head', alignSelf: 'center' }}>
          <Typography id={titleId} variant="h3" sx={{ color: 'primary.dark', mb: 0.75 }}>
            {event.title}
          </Typography>
          <EventWhen date={event.date} end={event.end_date} />
          <EventFacts event={event} />
        </Box>
        <Box sx={{ gridArea: 'body' }}>
          {event.description && (
            <Typography sx={{ color: 'text.secondary', lineHeight: 1.7, whiteSpace: 'pre-line', mt: 1.5 }}>{event.description}</Typography>
          )}
          <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button component={RouterLink} to={`/events/${event._id}`} variant="contained" size="small" aria-describedby={titleId}>
              {t('events.details')}
            </Button>
            <Button
              component="a"
              href={fillPath(EVENT_CALENDAR_PATH, { id: event._id })}
              download
              variant="outlined"
              size="small"
              startIcon={<EventAvailableOutlinedIcon />}
              aria-describedby={titleId}
            >
              {t('events.add_to_calendar')}
            </Button>
            {admin && <EventAdminButtons admin={admin} describedBy={titleId} />}
          </Stack>
        </Box>
      </Box>
    </EventCardFrame>
  );
}

/** The card around an event or its editor; `editing` marks the one being changed. */
export function EventCardFrame({ children, labelledBy, editing = false }: { children: ReactNode; labelledBy?: string; editing?: boolean }) {
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={labelledBy}
      sx={{
        display: 'flex',
        gap: { xs: 2, sm: 3 },
        p: { xs: 2.5, sm: 3 },
        borderRadius: 3,
        alignItems: 'flex-start',
        ...(editing && { borderColor: 'primary.main', borderWidth: 2, boxShadow: '0 6px 24px rgba(11, 79, 108, 0.12)' }),
      }}
    >
      {children}
    </Paper>
  );
}

/** The event's long London date and time, e.g. "Saturday 5 December 2026, 18:30–21:00". */
export function EventWhen({ date, end = null }: { date: string; end?: string | null }) {
  return (
    <Typography component="p" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: 'text.primary' }}>
      <AccessTimeIcon aria-hidden fontSize="small" sx={{ color: 'secondary.dark' }} />
      <time dateTime={date}>{formatEventSpan(date, end)}</time>
    </Typography>
  );
}

export function EventAdminButtons({ admin, describedBy }: { admin: AdminActions; describedBy: string }) {
  const { t } = useSiteText();
  return (
    <>
      <Button size="small" startIcon={<EditOutlinedIcon />} onClick={admin.onEdit} disabled={admin.disabled} aria-describedby={describedBy}>
        {t('action.edit')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={admin.onDelete}
        disabled={admin.disabled}
        aria-describedby={describedBy}
      >
        {t('action.delete')}
      </Button>
    </>
  );
}
