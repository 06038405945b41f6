import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { roles } from '../../../shared/api/accounts';
import { memberSortKeys, memberStatuses, type MemberFilter, type MemberRow } from '../../../shared/api/admin';
import { tiers } from '../../../shared/domain/tiers';
import { useWords } from '../../lib/words';
import { useMemberList, downloadMembersCsv } from './admin-api';
import { memberStatusTones, personName } from './admin-labels';
import { adminWords } from './admin-words';
import { AdminSection, FilterBar } from './admin-section';
import { AddMemberButton } from './add-member-dialog';
import { CsvButton } from './csv-button';
import { FilterSelect, optionsOf } from './filter-select';
import { PagedTable, type Column } from './paged-table';
import { SearchField } from './search-field';
import { membersWords } from './members-words';
import { StatusChip } from './status-chip';
import { useFormats } from './use-formats';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

const PARAMS = ['q', 'status', 'tier', 'role', 'sort', 'dir', 'page', 'page_size', 'after', 'before'] as const;
const FILTERS = ['q', 'status', 'tier', 'role'] as const;
const tierValues = tiers.map((tier) => String(tier.index));
const directions = ['asc', 'desc'] as const;

/** Where a member's page links back to: this list as it was filtered. */
export interface MemberLinkState {
  listSearch?: string;
}

/** Every account: search, filters, sorting and paging, all kept in the URL; CSV export. */
export function MembersPage() {
  const w = useWords(membersWords);
  const labels = useWords(adminWords);
  const format = useFormats();
  const tierOptions = tiers.map((tier) => ({ value: String(tier.index), label: format.tierName(tier.index) }));
  const calendarDate = (date: string | null) => (date ? format.date(date) : '—');
  const [params, setParams] = useUrlParams(PARAMS);
  const { search } = useLocation();
  const filter = {
    q: params.q,
    status: oneOf(params.status, memberStatuses),
    tier: oneOf(params.tier, tierValues),
    role: oneOf(params.role, roles),
    sort: oneOf(params.sort, memberSortKeys) ?? 'name',
    dir: oneOf(params.dir, directions) ?? 'asc',
  } satisfies MemberFilter;
  const page = pageParam(params.page);
  const pageSize = pageSizeParam(params.page_size);
  const members = useMemberList({ ...filter, ...cursorParams(params), page, page_size: pageSize });
  const filtered = FILTERS.some((name) => params[name] !== '');

  // A new filter starts again from the first page.
  const setFilter = (patch: Partial<Record<(typeof FILTERS)[number], string>>, replace = false) =>
    setParams({ ...patch, page: null }, { replace });

  const columns: Column<MemberRow>[] = [
    {
      key: 'name',
      label: w.name,
      sortKey: 'name',
      render: (m) => (
        <Link
          component={RouterLink}
          to={`/admin/members/${encodeURIComponent(m._id)}`}
          state={{ listSearch: search } satisfies MemberLinkState}
          sx={{ fontWeight: 600 }}
        >
          {personName(m)}
        </Link>
      ),
    },
    { key: 'email', label: w.email, sortKey: 'email', render: (m) => m.email },
    { key: 'role', label: w.role, nowrap: true, render: (m) => labels.roles[m.role] },
    { key: 'tier', label: w.tier, sortKey: 'tier', render: (m) => (m.tier_name ? format.tierNamed(m.tier_name) : '—') },
    { key: 'since', label: w.memberSince, sortKey: 'member_since', nowrap: true, render: (m) => calendarDate(m.registered_date) },
    { key: 'expiry', label: w.expiry, sortKey: 'expiry', nowrap: true, render: (m) => calendarDate(m.expiry_date) },
    {
      key: 'status',
      label: w.status,
      nowrap: true,
      render: (m) => <StatusChip label={labels.memberStatus[m.status]} tone={memberStatusTones[m.status]} />,
    },
  ];

  return (
    <AdminSection
      title={w.title}
      intro={w.intro}
      actions={
        <>
          <AddMemberButton />
          <CsvButton download={() => downloadMembersCsv(filter)} />
        </>
      }
    >
      <FilterBar label={w.filterLabel}>
        <SearchField label={w.search} value={params.q} onSearch={(q) => setFilter({ q }, true)} />
        <FilterSelect
          label={w.status}
          anyLabel={w.anyStatus}
          value={filter.status ?? ''}
          onChange={(status) => setFilter({ status })}
          options={optionsOf(labels.memberStatus)}
          minWidth={220}
        />
        <FilterSelect
          label={w.tier}
          anyLabel={w.anyTier}
          value={filter.tier ?? ''}
          onChange={(tier) => setFilter({ tier })}
          options={tierOptions}
          minWidth={220}
        />
        <FilterSelect
          label={w.role}
          anyLabel={w.anyRole}
          value={filter.role ?? ''}
          onChange={(role) => setFilter({ role })}
          options={optionsOf(labels.roles)}
        />
        {filtered && <Button onClick={() => setFilter({ q: '', status: '', tier: '', role: '' })}>{labels.clearFilters}</Button>}
      </FilterBar>
      {members.data && (
        <Typography role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {w.count(members.data.total, filtered)}
        </Typography>
      )}
      <PagedTable
        label={w.title}
        columns={columns}
        query={members}
        rowKey={(m) => m._id}
        page={page}
        pageSize={pageSize}
        onPage={(next, size, cursor) => setParams(pageChange(next, size, cursor))}
        sort={{
          key: filter.sort,
          dir: filter.dir,
          onSort: (key) => setParams({ sort: key, dir: key === filter.sort && filter.dir === 'asc' ? 'desc' : 'asc', page: null }),
        }}
        emptyText={filtered ? w.noneMatch : w.none}
        loadErrorText={w.loadFailed}
      />
    </AdminSection>
  );
}
