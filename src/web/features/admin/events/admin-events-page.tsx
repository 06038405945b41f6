import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { EventRecord } from '../../../../shared/api/events';
import { isPastEvent } from '../../../../shared/domain/event-timing';
import { LoadError } from '../../../components/load-error';
import { LoadingRegion } from '../../../components/loading-region';
import { useWords } from '../../../lib/words';
import { AdminSection } from '../admin-section';
import { useFormats } from '../use-formats';
import { useAdminEvents } from './event-admin-api';
import { eventAdminWords } from './event-admin-words';

/** Every event, upcoming first (soonest first), then past ones (latest first), each opening its bookings. */
export function AdminEventsPage() {
  const w = useWords(eventAdminWords);
  const { dateTime } = useFormats();
  const places = (event: EventRecord) =>
    event.capacity === null ? w.noLimit : w.taken(event.capacity - (event.places_left ?? 0), event.capacity);
  const events = useAdminEvents();
  const now = new Date();
  const all = events.data ?? [];
  const upcoming = all.filter((e) => !isPastEvent(e.end_date ?? e.date, now));
  const past = all.filter((e) => isPastEvent(e.end_date ?? e.date, now)).reverse();
  return (
    <AdminSection title={w.title} intro={w.intro}>
      {events.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={240} />
        </LoadingRegion>
      ) : events.isError ? (
        <LoadError message={w.loadFailed} error={events.error} onRetry={() => void events.refetch()} />
      ) : all.length === 0 ? (
        <Typography role="status">{w.none}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
          <TableContainer role="region" aria-label={w.title} tabIndex={0}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{w.event}</TableCell>
                  <TableCell>{w.starts}</TableCell>
                  <TableCell>{w.places}</TableCell>
                  <TableCell>{w.when}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...upcoming, ...past].map((event) => (
                  <TableRow key={event._id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={`/admin/events/${encodeURIComponent(event._id)}`} sx={{ fontWeight: 600 }}>
                        {event.title}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(event.date)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{places(event)}</TableCell>
                    <TableCell>{upcoming.includes(event) ? w.upcoming : w.past}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </AdminSection>
  );
}
