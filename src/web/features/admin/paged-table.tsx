import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { LoadingRegion, visuallyHidden } from '../../components/loading-region';
import { useSiteText } from '../../lib/site-text';
import { useWords } from '../../lib/words';
import { adminWords } from './admin-words';
import { PAGE_SIZES, type PageCursor } from './use-url-params';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The list's sort key when this column can be sorted by. */
  sortKey?: string;
  align?: 'right';
  /** Keeps short values such as dates and amounts on one line. */
  nowrap?: boolean;
}

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
  onSort: (key: string) => void;
}

interface Page<T> {
  items: T[];
  total: number;
  next_cursor?: string | null;
  prev_cursor?: string | null;
}

/**
 * A server-paged list as a table: skeleton while the first page loads, a bar while the next one
 * does (the old rows stay), the failure with a retry, an empty message, sortable headers and
 * paging. `page` is 1-based as in the API; MUI counts from 0.
 */
export function PagedTable<T>({
  label,
  columns,
  query,
  rowKey,
  page,
  pageSize,
  onPage,
  sort,
  emptyText,
  loadErrorText,
}: {
  label: string;
  columns: Column<T>[];
  query: UseQueryResult<Page<T>>;
  rowKey: (row: T) => string;
  page: number;
  pageSize: number;
  /** The next or previous page comes with the server's cursor for it (a keyset read: decision 094). */
  onPage: (page: number, pageSize: number, cursor?: PageCursor) => void;
  sort?: SortState;
  emptyText: string;
  loadErrorText: string;
}) {
  const { t } = useSiteText();
  const w = useWords(adminWords);
  if (query.isPending) return <TableSkeleton />;
  if (query.isError) return <LoadError message={loadErrorText} error={query.error} onRetry={() => void query.refetch()} />;

  const { items, total } = query.data;
  if (total === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, borderRadius: 2 }}>
        <Typography role="status">{emptyText}</Typography>
      </Paper>
    );
  }
  if (items.length === 0) {
    // A page past the end, e.g. after rows were removed or from an edited URL.
    return (
      <Paper variant="outlined" sx={{ p: 3, borderRadius: 2 }}>
        <Typography role="status" sx={{ mb: 1.5 }}>
          {w.nothingOnPage(page)}
        </Typography>
        <Button variant="outlined" onClick={() => onPage(1, pageSize)}>
          {w.goToFirstPage}
        </Button>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      {/* A focusable region: keyboard users can scroll a table wider than the screen. */}
      <TableContainer role="region" aria-label={label} tabIndex={0}>
        <Table size="small" sx={{ '& td, & th': { verticalAlign: 'top' } }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={column.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => {
          const to = next + 1;
          const cursor =
            to === page + 1 && query.data.next_cursor
              ? { after: query.data.next_cursor }
              : to === page - 1 && query.data.prev_cursor
                ? { before: query.data.prev_cursor }
                : undefined;
          onPage(to, pageSize, cursor);
        }}
        onRowsPerPageChange={(e) => onPage(1, Number(e.target.value))}
        labelRowsPerPage={w.rowsPerPage}
        labelDisplayedRows={w.displayedRows}
        getItemAriaLabel={w.pageButton}
      />
    </Paper>
  );
}

function HeaderCell<T>({ column, sort }: { column: Column<T>; sort?: SortState }) {
  const w = useWords(adminWords);
  const { sortKey } = column;
  if (!sort || !sortKey) {
    return (
      <TableCell align={column.align} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {column.label}
      </TableCell>
    );
  }
  const active = sort.key === sortKey;
  return (
    <TableCell align={column.align} sortDirection={active ? sort.dir : false} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
      <TableSortLabel active={active} direction={active ? sort.dir : 'asc'} onClick={() => sort.onSort(sortKey)}>
        {column.label}
        {active && (
          <Box component="span" sx={visuallyHidden}>
            {sort.dir === 'desc' ? w.sortedDescending : w.sortedAscending}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  );
}

function TableSkeleton() {
  return (
    <LoadingRegion>
      <Stack spacing={1}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} variant="rounded" height={36} />
        ))}
      </Stack>
    </LoadingRegion>
  );
}
