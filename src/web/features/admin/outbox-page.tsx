import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import type { z } from 'zod';
import { outboxStatus, type OutboxListQuery, type OutboxPage as OutboxList, type outboxRow } from '../../../shared/api/admin';
import { formatShortDateTime } from '../../lib/format';
import { useOutboxList } from './admin-api';
import { mailKindLabel, outboxStatusLabels, outboxStatusTones } from './admin-labels';
import { AdminSection, FilterBar } from './admin-section';
import { FilterSelect, optionsOf } from './filter-select';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { PagedTable, type Column } from './paged-table';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

type OutboxRow = z.infer<typeof outboxRow>;

const PARAMS = ['status', 'q', 'page', 'page_size', 'after', 'before'] as const;

/** The mail the site wrote: how it is delivered, each message's state, and its text on request. */
export function OutboxPage() {
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
    <AdminSection title="Outbox" intro="Every e-mail the site wrote (receipts, reminders, password resets), newest first.">
      {outbox.data && <DeliveryNote delivery={outbox.data.delivery} />}
      <FilterBar label="Filter the messages">
        <SearchField
          label="Search by address or subject"
          value={params.q}
          onSearch={(q) => setParams({ q, page: null }, { replace: true })}
        />
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={query.status ?? ''}
          onChange={(status) => setParams({ status, page: null })}
          options={optionsOf(outboxStatusLabels)}
          minWidth={220}
        />
      </FilterBar>
      <PagedTable
        label="Messages"
        columns={columns((id) => setMessage({ id, open: true }))}
        query={outbox}
        rowKey={(m) => String(m._id)}
        page={query.page}
        pageSize={query.page_size}
        onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
        emptyText={filtered ? 'No messages match these filters.' : 'The site has not written any e-mail yet.'}
        loadErrorText="The messages could not be loaded."
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
  return delivery === 'outbox' ? (
    <Alert severity="warning" sx={{ mb: 3 }}>
      No SMTP server is set: messages are kept here; send them by hand. Open a message to read it and copy its text into your own e-mail.
      Setting <code>SMTP_URL</code> sends them for real.
    </Alert>
  ) : (
    <Alert severity="info" sx={{ mb: 3 }}>
      Messages are sent by e-mail over SMTP. A failed send is tried again every hour; its last error shows under its status.
    </Alert>
  );
}

function columns(open: (id: number) => void): Column<OutboxRow>[] {
  return [
    { key: 'created', label: 'Created', nowrap: true, render: (m) => formatShortDateTime(m.created_at) },
    { key: 'to', label: 'To', render: (m) => m.to_address },
    {
      key: 'subject',
      label: 'Subject',
      render: (m) => (
        // A button, not a link: it opens the message in a dialog rather than going anywhere.
        <Link component="button" type="button" onClick={() => open(m._id)} sx={{ textAlign: 'left', fontWeight: 600 }}>
          {m.subject || '(no subject)'}
        </Link>
      ),
    },
    { key: 'kind', label: 'Kind', render: (m) => mailKindLabel(m.kind) },
    {
      key: 'status',
      label: 'Status',
      render: (m) => (
        <>
          <StatusChip label={outboxStatusLabels[m.status]} tone={outboxStatusTones[m.status]} />
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
      label: 'Sent at',
      nowrap: true,
      render: (m) =>
        m.sent_at ? (
          formatShortDateTime(m.sent_at)
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Not sent
          </Box>
        ),
    },
  ];
}
