import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { NewsletterStatus } from '../../../shared/api/newsletters';
import { visuallyHidden } from '../../components/loading-region';
import { apiRequest, errorMessage, lazyEndpoints } from '../../lib/api';
import { isAdmin, useSession } from '../../lib/session';
import { AdminSection } from './admin-section';
import { StatusChip, type StatusTone } from './status-chip';
import { useFormAction } from '../../lib/form-outcome';
import { useWords } from '../../lib/words';
import { newslettersWords } from './newsletters-words';
import { useFormats } from './use-formats';

const newslettersApi = lazyEndpoints(() => import('../../../shared/api/newsletters').then((m) => m.newslettersApi));

const TONE: Record<NewsletterStatus, StatusTone> = {
  draft: 'neutral',
  scheduled: 'warning',
  queueing: 'warning',
  sending: 'warning',
  sent: 'success',
  cancelled: 'neutral',
};

/** Newsletters (editors and the admin), and the admin's mailing lists and suppressed addresses (decisions 120-123). */
export function NewslettersPage() {
  const w = useWords(newslettersWords);
  const { dateTime } = useFormats();
  const admin = isAdmin(useSession());
  const newsletters = useQuery({
    queryKey: ['admin', 'newsletters'],
    queryFn: ({ signal }) => apiRequest(newslettersApi.list, { signal }),
  });
  return (
    <AdminSection
      title={w.title}
      intro={w.intro}
      actions={
        <Button component={RouterLink} to="/admin/newsletters/new" variant="contained">
          {w.write}
        </Button>
      }
    >
      {newsletters.isError ? (
        <Alert severity="error">{errorMessage(newsletters.error, w.loadFailed)}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined" role="region" aria-label={w.table} tabIndex={0} sx={{ mb: 5 }}>
          <Table aria-label={w.title}>
            <TableHead>
              <TableRow>
                <TableCell>{w.subject}</TableCell>
                <TableCell>{w.list}</TableCell>
                <TableCell>{w.status}</TableCell>
                <TableCell align="right">{w.recipients}</TableCell>
                <TableCell>{w.started}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(newsletters.data ?? []).map((n) => (
                <TableRow key={n._id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/newsletters/${encodeURIComponent(n._id)}`} sx={{ fontWeight: 600 }}>
                      {n.subject}
                    </Link>
                  </TableCell>
                  <TableCell>{n.list.name}</TableCell>
                  <TableCell>
                    <StatusChip label={w.statuses[n.status]} tone={TONE[n.status]} />
                  </TableCell>
                  <TableCell align="right">{n.recipients}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {n.started_at ? dateTime(n.started_at) : n.scheduled_at ? w.scheduledFor(dateTime(n.scheduled_at)) : ''}
                  </TableCell>
                </TableRow>
              ))}
              {newsletters.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{w.none}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {admin && <MailingLists />}
      {admin && <Suppressions />}
    </AdminSection>
  );
}

function MailingLists() {
  const w = useWords(newslettersWords);
  const formAction = useFormAction();
  const queryClient = useQueryClient();
  const lists = useQuery({ queryKey: ['admin', 'mailing-lists'], queryFn: ({ signal }) => apiRequest(newslettersApi.lists, { signal }) });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [auto, setAuto] = useState(true);
  const create = useMutation({
    mutationFn: () => apiRequest(newslettersApi.createList, { body: { name, description, auto_subscribe: auto } }),
    onSuccess: () => {
      setName('');
      setDescription('');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'mailing-lists'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  // Each table is a focusable region: keyboard users can scroll a table wider than the screen (a phone).
  return (
    <Box component="section" aria-labelledby="lists-title" sx={{ mb: 5 }}>
      <Typography id="lists-title" variant="h3" sx={{ fontSize: '1.35rem', mb: 1 }}>
        {w.listsTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.listsIntro}</Typography>
      <TableContainer component={Paper} variant="outlined" role="region" aria-label={w.listsTable} tabIndex={0} sx={{ mb: 2 }}>
        <Table aria-label={w.listsTitle} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{w.name}</TableCell>
              <TableCell>{w.description}</TableCell>
              <TableCell>{w.forEveryone}</TableCell>
              <TableCell align="right">{w.choseIt}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(lists.data ?? []).map((l) => (
              <TableRow key={l._id}>
                <TableCell>{l.name}</TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell>{l.auto_subscribe ? w.yes : w.no}</TableCell>
                <TableCell align="right">{l.subscribers}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack
        component="form"
        method="post"
        action={formAction}
        onSubmit={submit}
        noValidate
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        aria-label={w.newList}
      >
        <TextField label={w.newListName} value={name} onChange={(e) => setName(e.target.value)} size="small" required />
        <TextField label={w.description} value={description} onChange={(e) => setDescription(e.target.value)} size="small" />
        <FormControlLabel control={<Checkbox checked={auto} onChange={(e) => setAuto(e.target.checked)} />} label={w.forEveryone} />
        <Button type="submit" variant="outlined" loading={create.isPending}>
          {w.addList}
        </Button>
      </Stack>
      {create.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(create.error, w.addListFailed)}
        </Alert>
      )}
    </Box>
  );
}

function Suppressions() {
  const w = useWords(newslettersWords);
  const { dateTime } = useFormats();
  const queryClient = useQueryClient();
  const suppressed = useQuery({
    queryKey: ['admin', 'suppressions'],
    queryFn: ({ signal }) => apiRequest(newslettersApi.suppressions, { signal }),
  });
  const lift = useMutation({
    mutationFn: (email: string) => apiRequest(newslettersApi.lift, { body: { email } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'suppressions'] }),
  });
  return (
    <Box component="section" aria-labelledby="suppressed-title">
      <Typography id="suppressed-title" variant="h3" sx={{ fontSize: '1.35rem', mb: 1 }}>
        {w.suppressedTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.suppressedIntro}</Typography>
      {lift.isError && <Alert severity="error">{errorMessage(lift.error, w.liftFailed)}</Alert>}
      <TableContainer component={Paper} variant="outlined" role="region" aria-label={w.suppressedTable} tabIndex={0}>
        <Table aria-label={w.suppressedTitle} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{w.address}</TableCell>
              <TableCell>{w.why}</TableCell>
              <TableCell>{w.since}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {w.action}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(suppressed.data ?? []).map((s) => (
              <TableRow key={s.email}>
                <TableCell>{s.email}</TableCell>
                <TableCell>
                  {s.reason}
                  {s.last_error && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
                      {s.last_error}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(s.suppressed_at)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => lift.mutate(s.email)} aria-label={w.liftOf(s.email)}>
                    {w.lift}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {suppressed.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{w.noneSuppressed}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
