import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paymentKinds, paymentStatuses, type PaymentFilter } from '../../../shared/api/admin';
import { downloadPaymentsCsv, useCardPause, usePaymentList } from './admin-api';
import { useWords } from '../../lib/words';
import { adminWords } from './admin-words';
import { AdminSection, FilterBar } from './admin-section';
import { CsvButton } from './csv-button';
import { FilterSelect, optionsOf } from './filter-select';
import { PagedTable } from './paged-table';
import { PaymentTotals } from './payment-totals';
import { usePaymentColumns } from './payments-table';
import { paymentsWords } from './payments-words';
import { SearchField } from './search-field';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

const PARAMS = ['q', 'kind', 'status', 'from', 'to', 'page', 'page_size', 'after', 'before'] as const;
const FILTERS = ['q', 'kind', 'status', 'from', 'to'] as const;

/** A date typed in full (the date input gives '' until it is). */
const isoDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** Said while anonymous card payments are paused for unusual declines (decision record 015). */
function CardPauseNotice() {
  const w = useWords(paymentsWords);
  const pause = useCardPause();
  if (!pause.data?.paused) return null;
  return (
    <Alert severity="warning" role="status">
      {w.cardPause(pause.data.declines, pause.data.networks)}
    </Alert>
  );
}

/** Every payment, filtered and paged on the server, with CSV export and the monthly totals. */
export function PaymentsPage() {
  const w = useWords(paymentsWords);
  const labels = useWords(adminWords);
  const columns = usePaymentColumns(true);
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
      title={w.title}
      intro={w.intro}
      actions={<CsvButton download={() => downloadPaymentsCsv(filter)} refusal={rangeInvalid ? w.badRange : undefined} />}
    >
      <CardPauseNotice />
      <FilterBar label={w.filterLabel}>
        <SearchField label={w.search} value={params.q} onSearch={(q) => setFilter({ q }, true)} width={340} />
        <FilterSelect
          label={w.kind}
          anyLabel={w.anyKind}
          value={filter.kind ?? ''}
          onChange={(kind) => setFilter({ kind })}
          options={optionsOf(labels.paymentKind)}
        />
        <FilterSelect
          label={w.status}
          anyLabel={w.anyStatus}
          value={filter.status ?? ''}
          onChange={(status) => setFilter({ status })}
          options={optionsOf(labels.paymentStatus)}
        />
        <TextField
          type="date"
          size="small"
          label={w.from}
          value={params.from}
          onChange={(e) => setFilter({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={w.to}
          value={params.to}
          onChange={(e) => setFilter({ to: e.target.value })}
          error={rangeInvalid}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {filtered && <Button onClick={() => setFilter({ q: '', kind: '', status: '', from: '', to: '' })}>{labels.clearFilters}</Button>}
      </FilterBar>
      {rangeInvalid ? (
        <Alert severity="warning">{w.rangeInvalid}</Alert>
      ) : (
        <>
          {payments.data && (
            <Typography role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {w.count(payments.data.total)}
            </Typography>
          )}
          <PagedTable
            label={w.title}
            columns={columns}
            query={payments}
            rowKey={(p) => p._id}
            page={page}
            pageSize={pageSize}
            onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
            emptyText={filtered ? w.noneMatch : w.none}
            loadErrorText={w.loadFailed}
          />
        </>
      )}
      <PaymentTotals />
    </AdminSection>
  );
}
