import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ADMIN_PAGE_SIZE_MAX, type MemberRow } from '../../../shared/api/admin';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { useWords } from '../../lib/words';
import { useMemberList } from './admin-api';
import { personName } from './admin-labels';
import { AdminSection } from './admin-section';
import { RoleControl } from './role-control';
import { rolesWords } from './roles-words';
import { SearchField } from './search-field';
import { StaffFactorPanel } from './staff-factor-panel';
import { useUrlParams } from './use-url-params';

const PARAMS = ['q'] as const;
const FIND_LIMIT = 10;

/** Who has rights beyond a member's, and a way to find anyone to give them some. */
export function RolesPage() {
  const w = useWords(rolesWords);
  // Rows move between the lists when a role changes, so the confirmation lives here.
  const [saved, setSaved] = useState<string | null>(null);
  const admins = useMemberList({ role: 'admin', page_size: ADMIN_PAGE_SIZE_MAX });
  const editors = useMemberList({ role: 'editor', page_size: ADMIN_PAGE_SIZE_MAX });
  return (
    <AdminSection title={w.title} intro={w.intro}>
      {saved && (
        <Alert severity="success" role="status" onClose={() => setSaved(null)} closeText={w.close} sx={{ mb: 3 }}>
          {saved}
        </Alert>
      )}
      <Stack spacing={3}>
        <Panel labelledBy="roles-admins">
          <PanelHeading id="roles-admins">{w.admins}</PanelHeading>
          <PeopleTable label={w.admins} query={admins} emptyText={w.noAdmins} onSaved={setSaved} />
        </Panel>
        <Panel labelledBy="roles-editors">
          <PanelHeading id="roles-editors">{w.editors}</PanelHeading>
          <PeopleTable label={w.editors} query={editors} emptyText={w.noEditors} onSaved={setSaved} />
        </Panel>
        <FindMember onSaved={setSaved} />
        <StaffFactorPanel />
      </Stack>
    </AdminSection>
  );
}

function FindMember({ onSaved }: { onSaved: (message: string) => void }) {
  const w = useWords(rolesWords);
  const [params, setParams] = useUrlParams(PARAMS);
  const q = params.q;
  const found = useMemberList({ q, page_size: FIND_LIMIT }, q !== '');
  return (
    <Panel labelledBy="roles-find">
      <PanelHeading id="roles-find">{w.findTitle}</PanelHeading>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.findIntro}</Typography>
      <Box sx={{ mb: 2 }}>
        <SearchField label={w.findLabel} value={q} onSearch={(text) => setParams({ q: text }, { replace: true })} />
      </Box>
      {q !== '' && (
        <PeopleTable
          label={w.found}
          query={found}
          emptyText={w.noOneMatches(q)}
          more={(total) => w.firstOfFound(FIND_LIMIT, total)}
          onSaved={onSaved}
        />
      )}
    </Panel>
  );
}

function PanelHeading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="h3" sx={{ fontSize: '1.25rem', mb: 2, color: 'primary.dark' }}>
      {children}
    </Typography>
  );
}

function PeopleTable({
  label,
  query,
  emptyText,
  more,
  onSaved,
}: {
  label: string;
  query: ReturnType<typeof useMemberList>;
  emptyText: string;
  more?: (total: number) => string;
  onSaved: (message: string) => void;
}) {
  const w = useWords(rolesWords);
  if (query.isPending) {
    return (
      <LoadingRegion>
        <Skeleton variant="rounded" height={96} />
      </LoadingRegion>
    );
  }
  if (query.isError) {
    return <LoadError message={w.listFailed(label)} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { items, total } = query.data;
  if (items.length === 0) return <Typography role="status">{emptyText}</Typography>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined" role="region" aria-label={label} tabIndex={0}>
        <Table size="small" sx={{ '& td': { verticalAlign: 'top' } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{w.name}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{w.email}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{w.role}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((person: MemberRow) => (
              <TableRow key={person._id}>
                <TableCell sx={{ pt: 2 }}>
                  <Link component={RouterLink} to={`/admin/members/${encodeURIComponent(person._id)}`} sx={{ fontWeight: 600 }}>
                    {personName(person)}
                  </Link>
                </TableCell>
                <TableCell sx={{ pt: 2, overflowWrap: 'break-word' }}>{person.email}</TableCell>
                <TableCell sx={{ py: 1, minWidth: 280 }}>
                  <RoleControl person={person} compact onSaved={onSaved} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > items.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {more ? more(total) : w.firstOfList(ADMIN_PAGE_SIZE_MAX, total)}
        </Typography>
      )}
    </>
  );
}
