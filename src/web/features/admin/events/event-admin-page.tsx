import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { bookingStatuses } from '../../../../shared/api/bookings';
import type { EventAdminFacts, EventBookingFilter, EventBookingRow } from '../../../../shared/api/event-admin';
import { LoadError } from '../../../components/load-error';
import { LoadingRegion } from '../../../components/loading-region';
import { Panel } from '../../../components/panel';
import { ApiError } from '../../../lib/api';
import { useWords } from '../../../lib/words';
import { adminWords } from '../admin-words';
import { AdminSection, FilterBar } from '../admin-section';
import { CsvButton } from '../csv-button';
import { FilterSelect, optionsOf } from '../filter-select';
import { PagedTable, type Column } from '../paged-table';
import { SearchField } from '../search-field';
import { StatusChip } from '../status-chip';
import { useFormats } from '../use-formats';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from '../use-url-params';
import { AttendeeMailForm } from './attendee-mail-form';
import { bookingStatusTones } from './booking-labels';
import { CancelBookingButton } from './cancel-booking';
import { CertificateCheck } from './certificate-check';
import { CheckInList } from './check-in-list';
import { downloadAttendeesCsv, useEventBookings } from './event-admin-api';
import { eventAdminWords } from './event-admin-words';
import { HandBookingForm } from './hand-booking-form';

const PARAMS = ['q', 'status', 'page', 'page_size', 'after', 'before'] as const;

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="h3" sx={{ fontSize: '1.25rem', mb: 2, color: 'primary.dark' }}>
      {children}
    </Typography>
  );
}

/**
 * One event for the admin: its facts, check-in at the door (first, for the phone), the bookings
 * (filtered, paged, exported, cancelled), a booking by hand, a message to the attendees and a
 * certificate number check.
 */
export function EventAdminPage() {
  const w = useWords(eventAdminWords);
  const labels = useWords(adminWords);
  const format = useFormats();
  const paidText = (booking: EventBookingRow): string => {
    if (booking.price_pence === 0) return w.free;
    if (booking.paid_pence === 0) return w.unpaid(format.pence(booking.price_pence));
    const paid = format.pence(booking.paid_pence);
    return booking.paid_by === 'by_hand' ? w.paidByHand(paid) : paid;
  };
  const eventId = useParams().id ?? '';
  const [params, setParams] = useUrlParams(PARAMS);
  const filter = { q: params.q, status: oneOf(params.status, bookingStatuses) } satisfies EventBookingFilter;
  const page = pageParam(params.page);
  const pageSize = pageSizeParam(params.page_size);
  const bookings = useEventBookings(eventId, { ...filter, ...cursorParams(params), page, page_size: pageSize });
  const facts = bookings.data?.event;
  const filtered = Boolean(params.q || params.status);
  const setFilter = (patch: Partial<Record<'q' | 'status', string>>, replace = false) => setParams({ ...patch, page: null }, { replace });

  const columns: Column<EventBookingRow>[] = [
    { key: 'name', label: w.name, render: (b) => <Box sx={{ fontWeight: 600 }}>{b.name}</Box> },
    { key: 'email', label: w.email, render: (b) => b.email },
    {
      key: 'status',
      label: w.status,
      nowrap: true,
      render: (b) => <StatusChip label={w.bookingStatus[b.status]} tone={bookingStatusTones[b.status]} />,
    },
    { key: 'paid', label: w.paid, align: 'right', nowrap: true, render: (b) => paidText(b) },
    {
      key: 'refunded',
      label: w.refunded,
      align: 'right',
      nowrap: true,
      render: (b) =>
        b.refund_due_pence > 0
          ? w.refundDue(format.pence(b.refunded_pence), format.pence(b.refund_due_pence))
          : format.pence(b.refunded_pence),
    },
    { key: 'attended', label: w.attended, nowrap: true, render: (b) => (b.attended_at ? format.dateTime(b.attended_at) : '—') },
    { key: 'booked', label: w.bookedAt, nowrap: true, render: (b) => format.dateTime(b.booked_at) },
    { key: 'actions', label: w.actions, nowrap: true, render: (b) => <CancelBookingButton booking={b} /> },
  ];

  return (
    <AdminSection
      title={facts?.title ?? w.event}
      intro={facts ? format.eventSpan(facts.date, facts.end_date) : undefined}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/admin/events" startIcon={<ArrowBackIcon />}>
            {w.allEvents}
          </Button>
          <Button component={RouterLink} to={`/events/${encodeURIComponent(eventId)}`}>
            {w.eventPage}
          </Button>
        </Stack>
      }
    >
      {bookings.isPending ? (
        <LoadingRegion>
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        </LoadingRegion>
      ) : bookings.isError && !facts ? (
        bookings.error instanceof ApiError && bookings.error.status === 404 ? (
          <Alert severity="warning">{w.notFound}</Alert>
        ) : (
          <LoadError message={w.eventFailed} error={bookings.error} onRetry={() => void bookings.refetch()} />
        )
      ) : (
        facts && (
          <Stack spacing={3}>
            <Facts facts={facts} />
            <Panel labelledBy="event-check-in" sx={{ p: { xs: 2, sm: 4 } }}>
              <SectionTitle id="event-check-in">{w.checkIn}</SectionTitle>
              <CheckInList eventId={eventId} />
            </Panel>
            <Panel labelledBy="event-bookings">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <SectionTitle id="event-bookings">{w.bookings}</SectionTitle>
                <CsvButton download={() => downloadAttendeesCsv(eventId, filter)} />
              </Box>
              <FilterBar label={w.filterLabel}>
                <SearchField label={w.search} value={params.q} onSearch={(q) => setFilter({ q }, true)} />
                <FilterSelect
                  label={w.status}
                  anyLabel={w.anyStatus}
                  value={filter.status ?? ''}
                  onChange={(status) => setFilter({ status })}
                  options={optionsOf(w.bookingStatus)}
                  minWidth={200}
                />
                {filtered && <Button onClick={() => setFilter({ q: '', status: '' })}>{labels.clearFilters}</Button>}
              </FilterBar>
              <PagedTable
                label={w.bookings}
                columns={columns}
                query={bookings}
                rowKey={(b) => b._id}
                page={page}
                pageSize={pageSize}
                onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
                emptyText={filtered ? w.noneMatch : w.noBookings}
                loadErrorText={w.bookingsFailed}
              />
            </Panel>
            <Panel labelledBy="event-hand-booking">
              <SectionTitle id="event-hand-booking">{w.byHandTitle}</SectionTitle>
              <HandBookingForm eventId={eventId} />
            </Panel>
            <Panel labelledBy="event-mail">
              <SectionTitle id="event-mail">{w.mailTitle}</SectionTitle>
              <AttendeeMailForm eventId={eventId} facts={facts} />
            </Panel>
            <Panel labelledBy="event-certificate">
              <SectionTitle id="event-certificate">{w.certificateTitle}</SectionTitle>
              <CertificateCheck />
            </Panel>
          </Stack>
        )
      )}
    </AdminSection>
  );
}

function Facts({ facts }: { facts: EventAdminFacts }) {
  const w = useWords(eventAdminWords);
  const { pence } = useFormats();
  const items: [string, string][] = [
    [w.placesTaken, facts.capacity === null ? w.takenNoLimit(facts.places_taken) : w.takenOf(facts.places_taken, facts.capacity)],
    [w.confirmed, String(facts.confirmed)],
    [w.waitlist, facts.offered ? w.waitlistOffered(facts.waitlisted, facts.offered) : String(facts.waitlisted)],
    [w.checkedIn, String(facts.attended)],
    [w.takings, pence(facts.takings_pence)],
    [w.refunded, pence(facts.refunded_pence)],
    [w.cpdHours, facts.cpd_hours === null ? w.noCpd : String(facts.cpd_hours)],
  ];
  return (
    <Panel labelledBy="event-facts">
      <SectionTitle id="event-facts">{w.atAGlance}</SectionTitle>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 2,
          '& dt': { color: 'text.secondary', fontWeight: 600, fontSize: '0.875rem' },
          '& dd': { m: 0, fontSize: '1.25rem', fontWeight: 700 },
        }}
      >
        {items.map(([label, value]) => (
          <Box key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Panel>
  );
}
