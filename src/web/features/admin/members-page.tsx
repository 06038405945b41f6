import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { roles } from '../../../shared/api/accounts';
import { memberSortKeys, memberStatuses, memberStatusLabels, type MemberFilter, type MemberRow } from '../../../shared/api/admin';
import { tiers } from '../../../shared/domain/tiers';
import { formatShortDate } from '../../lib/format';
import { useMemberList, downloadMembersCsv } from './admin-api';
import { memberStatusTones, personName, roleLabels } from './admin-labels';
import { AdminSection, FilterBar } from './admin-section';
import { AddMemberButton } from './add-member-dialog';
import { CsvButton } from './csv-button';
import { FilterSelect, optionsOf } from './filter-select';
import { PagedTable, type Column } from './paged-table';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { cursorParams, oneOf, pageChange, pageParam, pageSizeParam, useUrlParams } from './use-url-params';

const PARAMS = ['q', 'status', 'tier', 'role', 'sort', 'dir', 'page', 'page_size', 'after', 'before'] as const;
const FILTERS = ['q', 'status', 'tier', 'role'] as const;
const tierOptions = tiers.map((tier) => ({ value: String(tier.index), label: tier.name }));
const directions = ['asc', 'desc'] as const;
const calendarDate = (date: string | null) => (date ? formatShortDate(date) : '—');

/** Where a member's page links back to: this list as it was filtered. */
export interface MemberLinkState {
  listSearch?: string;
}

/** "60 members", "1 member matches these filters", or "More than 1000 members match these filters" (a search counts so far). */
function countText(total: number, filtered: boolean, capped = false): string {
  const members = capped ? `More than ${total} members` : total === 1 ? '1 member' : `${total} members`;
  if (!filtered) return members;
  return `${members} ${total === 1 ? 'matches' : 'match'} these filters`;
}

/** Every account: search, filters, sorting and paging, all kept in the URL; CSV export. */
export function MembersPage() {
  const [params, setParams] = useUrlParams(PARAMS);
  const { search } = useLocation();
  const filter = {
    q: params.q,
    status: oneOf(params.status, memberStatuses),
    tier: oneOf(
      params.tier,
      tierOptions.map((option) => option.value),
    ),
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
      label: 'Name',
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
    { key: 'email', label: 'E-mail', sortKey: 'email', render: (m) => m.email },
    { key: 'role', label: 'Role', nowrap: true, render: (m) => roleLabels[m.role] },
    { key: 'tier', label: 'Tier', sortKey: 'tier', render: (m) => m.tier_name ?? '—' },
    { key: 'since', label: 'Member since', sortKey: 'member_since', nowrap: true, render: (m) => calendarDate(m.registered_date) },
    { key: 'expiry', label: 'Expiry', sortKey: 'expiry', nowrap: true, render: (m) => calendarDate(m.expiry_date) },
    {
      key: 'status',
      label: 'Status',
      nowrap: true,
      render: (m) => <StatusChip label={memberStatusLabels[m.status]} tone={memberStatusTones[m.status]} />,
    },
  ];

  return (
    <AdminSection
      title="Members"
      intro="Everyone with an account. Open a member to see their details, payments and role."
      actions={
        <>
          <AddMemberButton />
          <CsvButton download={() => downloadMembersCsv(filter)} />
        </>
      }
    >
      <FilterBar label="Filter the members">
        <SearchField label="Search by name or e-mail" value={params.q} onSearch={(q) => setFilter({ q }, true)} />
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={filter.status ?? ''}
          onChange={(status) => setFilter({ status })}
          options={optionsOf(memberStatusLabels)}
          minWidth={220}
        />
        <FilterSelect
          label="Tier"
          anyLabel="Any tier"
          value={filter.tier ?? ''}
          onChange={(tier) => setFilter({ tier })}
          options={tierOptions}
          minWidth={220}
        />
        <FilterSelect
          label="Role"
          anyLabel="Any role"
          value={filter.role ?? ''}
          onChange={(role) => setFilter({ role })}
          options={optionsOf(roleLabels)}
        />
        {filtered && <Button onClick={() => setFilter({ q: '', status: '', tier: '', role: '' })}>Clear filters</Button>}
      </FilterBar>
      {members.data && (
        <Typography role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {countText(members.data.total, filtered, members.data.total_capped)}
        </Typography>
      )}
      <PagedTable
        label="Members"
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
        emptyText={filtered ? 'No members match these filters.' : 'There are no members yet.'}
        loadErrorText="The members could not be loaded."
      />
    </AdminSection>
  );
}
