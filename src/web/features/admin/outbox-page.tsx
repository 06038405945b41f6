import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import type { z } from 'zod';
import { outboxStatus, type OutboxListQuery, type OutboxPage as OutboxList, type outboxRow } from '../../../shared/api/admin';
import { useWords } from '../../lib/words';
import { useOutboxList } from './admin-api';
import { mailKindLabel, outboxStatusTones } from './admin-labels';
import { adminWords } from './admin-words';
import { AdminSection, FilterBar } from './admin-section';
import { FilterSelect, optionsOf } from './filter-select';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { outboxWords } from './outbox-words';
import { PagedTable, type Column } from './paged-table';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { useFormats } from './use-formats';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

type OutboxRow = z.infer<typeof outboxRow>;

const PARAMS = ['status', 'q', 'page', 'page_size', 'after', 'before'] as const;

/** The mail the site wrote: how it is delivered, each message's state, and its text on request. */
export function OutboxPage() {
  const w = useWords(outboxWords);
  const labels = useWords(adminWords);
  const { dateTime } = useFormats();
  const [params, setParams] = useUrlParams(PARAMS);
  const query = {
    status: oneOf(params.status, outboxStatus.options),
    q: params.q,
    ...cursorParams(params),
    page: pageParam(params.page),
    page_size: pageSizeParam(params.page_size),
  } satisfies OutboxListQuery;
  const outbox = useOutboxList(query);
  // The id stays while the dialog closes, so its content does not blank during the fade.
  const [message, setMessage] = useState<{ id: number; open: boolean } | null>(null);
  const filtered = Boolean(query.status || query.q);

  return (
    <AdminSection title={w.title} intro={w.intro}>
      {outbox.data && <DeliveryNote delivery={outbox.data.delivery} />}
      <FilterBar label={w.filterLabel}>
        <SearchField label={w.search} value={params.q} onSearch={(q) => setParams({ q, page: null }, { replace: true })} />
        <FilterSelect
          label={w.status}
          anyLabel={w.anyStatus}
          value={query.status ?? ''}
          onChange={(status) => setParams({ status, page: null })}
          options={optionsOf(labels.outboxStatus)}
          minWidth={220}
        />
      </FilterBar>
      <PagedTable
        label={w.messages}
        columns={columns((id) => setMessage({ id, open: true }), w, labels, dateTime)}
        query={outbox}
        rowKey={(m) => String(m._id)}
        page={query.page}
        pageSize={query.page_size}
        onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
        emptyText={filtered ? w.noneMatch : w.none}
        loadErrorText={w.loadFailed}
      />
      <OutboxMessageDialog
        id={message?.id ?? null}
        open={message?.open ?? false}
        onClose={() => setMessage((m) => m && { ...m, open: false })}
      />
    </AdminSection>
  );
}

function DeliveryNote({ delivery }: { delivery: OutboxList['delivery'] }) {
  const w = useWords(outboxWords);
  return delivery === 'outbox' ? (
    <Alert severity="warning" sx={{ mb: 3 }}>
      {w.keptHere} <code>SMTP_URL</code> {w.keptHereEnd}
    </Alert>
  ) : (
    <Alert severity="info" sx={{ mb: 3 }}>
      {w.sentBySmtp}
    </Alert>
  );
}

function columns(
  open: (id: number) => void,
  w: (typeof outboxWords)['en'],
  labels: (typeof adminWords)['en'],
  dateTime: (instant: string) => string,
): Column<OutboxRow>[] {
  return [
    { key: 'created', label: w.created, nowrap: true, render: (m) => dateTime(m.created_at) },
    { key: 'to', label: w.to, render: (m) => m.to_address },
    {
      key: 'subject',
      label: w.subject,
      render: (m) => (
        // A button, not a link: it opens the message in a dialog rather than going anywhere.
        <Link component="button" type="button" onClick={() => open(m._id)} sx={{ textAlign: 'left', fontWeight: 600 }}>
          {m.subject || w.noSubject}
        </Link>
      ),
    },
    { key: 'kind', label: w.kind, render: (m) => mailKindLabel(m.kind, labels.mailKind) },
    {
      key: 'status',
      label: w.status,
      render: (m) => (
        <>
          <StatusChip label={labels.outboxStatus[m.status]} tone={outboxStatusTones[m.status]} />
          {m.last_error && m.status !== 'sent' && (
            <Box component="span" sx={{ display: 'block', mt: 0.5, fontSize: '0.8rem', color: 'text.secondary' }}>
              {m.last_error}
            </Box>
          )}
        </>
      ),
    },
    {
      key: 'sent',
      label: w.sentAt,
      nowrap: true,
      render: (m) =>
        m.sent_at ? (
          dateTime(m.sent_at)
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {w.notSent}
          </Box>
        ),
    },
  ];
}
