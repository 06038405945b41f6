import Box from '@mui/material/Box';
import { auditKinds, type AuditEntry, type AuditListQuery } from '../../../shared/api/admin';
import { LoadError } from '../../components/load-error';
import { useWords } from '../../lib/words';
import { useAuditActors, useAuditLog } from './admin-api';
import { adminWords } from './admin-words';
import { AdminSection, FilterBar } from './admin-section';
import { auditWords } from './audit-words';
import { FilterSelect, optionsOf, type FilterOption } from './filter-select';
import { PagedTable, type Column } from './paged-table';
import { useFormats } from './use-formats';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

const PARAMS = ['actor', 'kind', 'page', 'page_size', 'after', 'before'] as const;

/** Who changed what on the site, newest first, by person and kind; filters kept in the URL. */
export function AuditPage() {
  const w = useWords(auditWords);
  const labels = useWords(adminWords);
  const { dateTime } = useFormats();
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: w.when, nowrap: true, render: (e) => dateTime(e.at) },
    {
      key: 'who',
      label: w.who,
      render: (e) =>
        e.actor_email ?? (
          <Box component="span" sx={{ fontStyle: 'italic' }}>
            {w.theSite}
          </Box>
        ),
    },
    { key: 'kind', label: w.kind, nowrap: true, render: (e) => labels.auditKind[e.kind] },
    { key: 'action', label: w.action, nowrap: true, render: (e) => labels.auditAction[e.action] },
    { key: 'summary', label: w.summary, render: (e) => e.summary },
  ];
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
    people.push({ value: query.actor, label: actors.isPending ? w.loading : w.noLongerListed });
  }

  return (
    <AdminSection title={w.title} intro={w.intro}>
      <FilterBar label={w.filterLabel}>
        <FilterSelect
          label={w.person}
          anyLabel={w.everyone}
          value={query.actor ?? ''}
          onChange={(actor) => setParams({ actor, page: null })}
          options={people}
          minWidth={260}
        />
        <FilterSelect
          label={w.kind}
          anyLabel={w.allKinds}
          value={query.kind ?? ''}
          onChange={(kind) => setParams({ kind, page: null })}
          options={optionsOf(labels.auditKind)}
        />
      </FilterBar>
      {actors.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadError message={w.actorsFailed} error={actors.error} onRetry={() => void actors.refetch()} />
        </Box>
      )}
      <PagedTable
        label={w.title}
        columns={columns}
        query={log}
        rowKey={(e) => e._id}
        page={query.page}
        pageSize={query.page_size}
        onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
        emptyText={query.actor || query.kind ? w.noneMatch : w.none}
        loadErrorText={w.loadFailed}
      />
    </AdminSection>
  );
}
