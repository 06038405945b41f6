import Box from '@mui/material/Box';
import { auditKindLabels, auditKinds, type AuditEntry, type AuditListQuery } from '../../../shared/api/admin';
import { LoadError } from '../../components/load-error';
import { formatShortDateTime } from '../../lib/format';
import { useAuditActors, useAuditLog } from './admin-api';
import { auditActionLabels } from './admin-labels';
import { AdminSection, FilterBar } from './admin-section';
import { FilterSelect, optionsOf, type FilterOption } from './filter-select';
import { PagedTable, type Column } from './paged-table';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

const PARAMS = ['actor', 'kind', 'page', 'page_size', 'after', 'before'] as const;

const columns: Column<AuditEntry>[] = [
  { key: 'at', label: 'When', nowrap: true, render: (e) => formatShortDateTime(e.at) },
  {
    key: 'who',
    label: 'Who',
    render: (e) =>
      e.actor_email ?? (
        <Box component="span" sx={{ fontStyle: 'italic' }}>
          The site
        </Box>
      ),
  },
  { key: 'kind', label: 'Kind', nowrap: true, render: (e) => auditKindLabels[e.kind] },
  { key: 'action', label: 'Action', nowrap: true, render: (e) => auditActionLabels[e.action] },
  { key: 'summary', label: 'Summary', render: (e) => e.summary },
];

/** Who changed what on the site, newest first, by person and kind; filters kept in the URL. */
export function AuditPage() {
  const [params, setParams] = useUrlParams(PARAMS);
  const actors = useAuditActors();
  const query = {
    actor: params.actor || undefined,
    kind: oneOf(params.kind, auditKinds),
    ...cursorParams(params),
    page: pageParam(params.page),
    page_size: pageSizeParam(params.page_size),
  } satisfies AuditListQuery;
  const log = useAuditLog(query);

  const people: FilterOption[] = (actors.data ?? []).map((actor) => ({ value: actor._id, label: actor.email }));
  // A person from the URL who is not (or not yet) in the list still needs an option to show.
  if (query.actor && !people.some((p) => p.value === query.actor)) {
    people.push({ value: query.actor, label: actors.isPending ? 'Loading…' : 'Someone no longer listed' });
  }

  return (
    <AdminSection
      title="Audit log"
      intro="Every change made to the site’s content and to people’s roles, newest first, with who made it. Times are London times."
    >
      <FilterBar label="Filter the audit log">
        <FilterSelect
          label="Person"
          anyLabel="Everyone"
          value={query.actor ?? ''}
          onChange={(actor) => setParams({ actor, page: null })}
          options={people}
          minWidth={260}
        />
        <FilterSelect
          label="Kind"
          anyLabel="All kinds"
          value={query.kind ?? ''}
          onChange={(kind) => setParams({ kind, page: null })}
          options={optionsOf(auditKindLabels)}
        />
      </FilterBar>
      {actors.isError && (
        <LoadError
          message="The list of people could not be loaded, so the log cannot be filtered by person."
          error={actors.error}
          onRetry={() => void actors.refetch()}
          sx={{ mb: 2 }}
        />
      )}
      <PagedTable
        label="Audit log"
        columns={columns}
        query={log}
        rowKey={(e) => e._id}
        page={query.page}
        pageSize={query.page_size}
        onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
        emptyText={query.actor || query.kind ? 'Nothing in the log matches these filters.' : 'Nothing has been changed yet.'}
        loadErrorText="The audit log could not be loaded."
      />
    </AdminSection>
  );
}
