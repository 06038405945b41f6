import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paymentKinds, paymentStatuses, type PaymentFilter } from '../../../shared/api/admin';
import { downloadPaymentsCsv, useCardPause, usePaymentList } from './admin-api';
import { paymentKindLabels, paymentStatusLabels } from './admin-labels';
import { AdminSection, FilterBar } from './admin-section';
import { CsvButton } from './csv-button';
import { FilterSelect, optionsOf } from './filter-select';
import { PagedTable } from './paged-table';
import { PaymentTotals } from './payment-totals';
import { paymentColumns } from './payments-table';
import { SearchField } from './search-field';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

const PARAMS = ['q', 'kind', 'status', 'from', 'to', 'page', 'page_size', 'after', 'before'] as const;
const FILTERS = ['q', 'kind', 'status', 'from', 'to'] as const;
const columns = paymentColumns(true);

/** A date typed in full (the date input gives '' until it is). */
const isoDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** Said while anonymous card payments are paused for unusual declines (decision record 015). */
function CardPauseNotice() {
  const pause = useCardPause();
  if (!pause.data?.paused) return null;
  return (
    <Alert severity="warning" role="status">
      Card payments are paused for visitors: {pause.data.declines} cards were declined from {pause.data.networks} networks in the last 10
      minutes, which looks like card testing. Visitors can still pay after their browser passes a short automatic check, and signed-in
      members renewing are not held back. The pause ends by itself 10 minutes after the declines stop.
    </Alert>
  );
}

/** Every payment, filtered and paged on the server, with CSV export and the monthly totals. */
export function PaymentsPage() {
  const [params, setParams] = useUrlParams(PARAMS);
  const filter = {
    q: params.q,
    kind: oneOf(params.kind, paymentKinds),
    status: oneOf(params.status, paymentStatuses),
    from: isoDate(params.from),
    to: isoDate(params.to),
  } satisfies PaymentFilter;
  // The API refuses an end before the start; say so here instead of asking.
  const rangeInvalid = Boolean(filter.from && filter.to && filter.from > filter.to);
  const page = pageParam(params.page);
  const pageSize = pageSizeParam(params.page_size);
  const payments = usePaymentList({ ...filter, ...cursorParams(params), page, page_size: pageSize }, !rangeInvalid);
  const filtered = FILTERS.some((name) => params[name] !== '');
  const setFilter = (patch: Partial<Record<(typeof FILTERS)[number], string>>, replace = false) =>
    setParams({ ...patch, page: null }, { replace });

  return (
    <AdminSection
      title="Payments"
      intro="Registrations, renewals and donations, newest first. Dates are London dates."
      actions={<CsvButton download={() => downloadPaymentsCsv(filter)} disabled={rangeInvalid} />}
    >
      <CardPauseNotice />
      <FilterBar label="Filter the payments">
        <SearchField
          label="Search by name, e-mail, reference or note"
          value={params.q}
          onSearch={(q) => setFilter({ q }, true)}
          width={340}
        />
        <FilterSelect
          label="Kind"
          anyLabel="Any kind"
          value={filter.kind ?? ''}
          onChange={(kind) => setFilter({ kind })}
          options={optionsOf(paymentKindLabels)}
        />
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={filter.status ?? ''}
          onChange={(status) => setFilter({ status })}
          options={optionsOf(paymentStatusLabels)}
        />
        <TextField
          type="date"
          size="small"
          label="From"
          value={params.from}
          onChange={(e) => setFilter({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={params.to}
          onChange={(e) => setFilter({ to: e.target.value })}
          error={rangeInvalid}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {filtered && <Button onClick={() => setFilter({ q: '', kind: '', status: '', from: '', to: '' })}>Clear filters</Button>}
      </FilterBar>
      {rangeInvalid ? (
        <Alert severity="warning">The “To” date is before the “From” date. Change one of them to see payments.</Alert>
      ) : (
        <>
          {payments.data && (
            <Typography role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {payments.data.total === 1 ? '1 payment' : `${payments.data.total} payments`}
            </Typography>
          )}
          <PagedTable
            label="Payments"
            columns={columns}
            query={payments}
            rowKey={(p) => p._id}
            page={page}
            pageSize={pageSize}
            onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
            emptyText={filtered ? 'No payments match these filters.' : 'There are no payments yet.'}
            loadErrorText="The payments could not be loaded."
          />
        </>
      )}
      <PaymentTotals />
    </AdminSection>
  );
}
