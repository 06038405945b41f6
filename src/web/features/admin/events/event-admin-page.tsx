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
import { formatEventSpan } from '../../../../shared/domain/event-dates';
import { formatPence } from '../../../../shared/domain/money';
import { LoadError } from '../../../components/load-error';
import { LoadingRegion } from '../../../components/loading-region';
import { Panel } from '../../../components/panel';
import { ApiError } from '../../../lib/api';
import { formatShortDateTime } from '../../../lib/format';
import { AdminSection, FilterBar } from '../admin-section';
import { CsvButton } from '../csv-button';
import { FilterSelect, optionsOf } from '../filter-select';
import { PagedTable, type Column } from '../paged-table';
import { SearchField } from '../search-field';
import { StatusChip } from '../status-chip';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from '../use-url-params';
import { AttendeeMailForm } from './attendee-mail-form';
import { bookingStatusLabels, bookingStatusTones } from './booking-labels';
import { CancelBookingButton } from './cancel-booking';
import { CertificateCheck } from './certificate-check';
import { CheckInList } from './check-in-list';
import { downloadAttendeesCsv, useEventBookings } from './event-admin-api';
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
    { key: 'name', label: 'Name', render: (b) => <Box sx={{ fontWeight: 600 }}>{b.name}</Box> },
    { key: 'email', label: 'E-mail', render: (b) => b.email },
    {
      key: 'status',
      label: 'Status',
      nowrap: true,
      render: (b) => <StatusChip label={bookingStatusLabels[b.status]} tone={bookingStatusTones[b.status]} />,
    },
    { key: 'paid', label: 'Paid', align: 'right', nowrap: true, render: (b) => paidText(b) },
    {
      key: 'refunded',
      label: 'Refunded',
      align: 'right',
      nowrap: true,
      render: (b) =>
        b.refund_due_pence > 0
          ? `${formatPence(b.refunded_pence)} (${formatPence(b.refund_due_pence)} due)`
          : formatPence(b.refunded_pence),
    },
    { key: 'attended', label: 'Attended', nowrap: true, render: (b) => (b.attended_at ? formatShortDateTime(b.attended_at) : '—') },
    { key: 'booked', label: 'Booked at', nowrap: true, render: (b) => formatShortDateTime(b.booked_at) },
    { key: 'actions', label: 'Actions', nowrap: true, render: (b) => <CancelBookingButton booking={b} /> },
  ];

  return (
    <AdminSection
      title={facts?.title ?? 'Event'}
      intro={facts ? formatEventSpan(facts.date, facts.end_date) : undefined}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/admin/events" startIcon={<ArrowBackIcon />}>
            All events
          </Button>
          <Button component={RouterLink} to={`/events/${encodeURIComponent(eventId)}`}>
            Event page
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
          <Alert severity="warning">This event could not be found: the link may be wrong, or the event was deleted.</Alert>
        ) : (
          <LoadError message="The event could not be loaded." error={bookings.error} onRetry={() => void bookings.refetch()} />
        )
      ) : (
        facts && (
          <Stack spacing={3}>
            <Facts facts={facts} />
            <Panel labelledBy="event-check-in" sx={{ p: { xs: 2, sm: 4 } }}>
              <SectionTitle id="event-check-in">Check-in</SectionTitle>
              <CheckInList eventId={eventId} />
            </Panel>
            <Panel labelledBy="event-bookings">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <SectionTitle id="event-bookings">Bookings</SectionTitle>
                <CsvButton download={() => downloadAttendeesCsv(eventId, filter)} />
              </Box>
              <FilterBar label="Filter the bookings">
                <SearchField label="Search by name or e-mail" value={params.q} onSearch={(q) => setFilter({ q }, true)} />
                <FilterSelect
                  label="Status"
                  anyLabel="Any status"
                  value={filter.status ?? ''}
                  onChange={(status) => setFilter({ status })}
                  options={optionsOf(bookingStatusLabels)}
                  minWidth={200}
                />
                {filtered && <Button onClick={() => setFilter({ q: '', status: '' })}>Clear filters</Button>}
              </FilterBar>
              <PagedTable
                label="Bookings"
                columns={columns}
                query={bookings}
                rowKey={(b) => b._id}
                page={page}
                pageSize={pageSize}
                onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
                emptyText={filtered ? 'No bookings match these filters.' : 'Nobody has booked this event yet.'}
                loadErrorText="The bookings could not be loaded."
              />
            </Panel>
            <Panel labelledBy="event-hand-booking">
              <SectionTitle id="event-hand-booking">Add a booking by hand</SectionTitle>
              <HandBookingForm eventId={eventId} />
            </Panel>
            <Panel labelledBy="event-mail">
              <SectionTitle id="event-mail">E-mail the attendees</SectionTitle>
              <AttendeeMailForm eventId={eventId} facts={facts} />
            </Panel>
            <Panel labelledBy="event-certificate">
              <SectionTitle id="event-certificate">Verify a certificate number</SectionTitle>
              <CertificateCheck />
            </Panel>
          </Stack>
        )
      )}
    </AdminSection>
  );
}

function paidText(booking: EventBookingRow): string {
  if (booking.price_pence === 0) return 'Free';
  if (booking.paid_pence === 0) return `Unpaid (${formatPence(booking.price_pence)})`;
  return `${formatPence(booking.paid_pence)}${booking.paid_by === 'by_hand' ? ' by hand' : ''}`;
}

function Facts({ facts }: { facts: EventAdminFacts }) {
  const items: [string, string][] = [
    ['Places taken', facts.capacity === null ? `${facts.places_taken} (no limit)` : `${facts.places_taken} of ${facts.capacity}`],
    ['Confirmed', String(facts.confirmed)],
    ['Waitlist', facts.offered ? `${facts.waitlisted} (and ${facts.offered} offered a place)` : String(facts.waitlisted)],
    ['Checked in', String(facts.attended)],
    ['Takings', formatPence(facts.takings_pence)],
    ['Refunded', formatPence(facts.refunded_pence)],
    ['CPD hours', facts.cpd_hours === null ? 'None' : String(facts.cpd_hours)],
  ];
  return (
    <Panel labelledBy="event-facts">
      <SectionTitle id="event-facts">At a glance</SectionTitle>
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
