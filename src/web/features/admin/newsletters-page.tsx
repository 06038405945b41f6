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
import { formatShortDateTime } from '../../lib/format';
import { isAdmin, useSession } from '../../lib/session';
import { AdminSection } from './admin-section';
import { StatusChip, type StatusTone } from './status-chip';
import { useFormAction } from '../../lib/form-outcome';

const newslettersApi = lazyEndpoints(() => import('../../../shared/api/newsletters').then((m) => m.newslettersApi));

const STATUS: Record<NewsletterStatus, [string, StatusTone]> = {
  draft: ['Draft', 'neutral'],
  scheduled: ['Scheduled', 'warning'],
  queueing: ['Being queued', 'warning'],
  sending: ['Sending', 'warning'],
  sent: ['Sent', 'success'],
  cancelled: ['Cancelled', 'neutral'],
};

/** Newsletters (editors and the admin), and the admin's mailing lists and suppressed addresses (decisions 120-123). */
export function NewslettersPage() {
  const admin = isAdmin(useSession());
  const newsletters = useQuery({
    queryKey: ['admin', 'newsletters'],
    queryFn: ({ signal }) => apiRequest(newslettersApi.list, { signal }),
  });
  return (
    <AdminSection
      title="Newsletters"
      intro="Write to members and supporters. Each person gets each newsletter once, only if they agreed to it, at the pace set for the mail server; nothing tracks opens or clicks."
      actions={
        <Button component={RouterLink} to="/admin/newsletters/new" variant="contained">
          Write a newsletter
        </Button>
      }
    >
      {newsletters.isError ? (
        <Alert severity="error">{errorMessage(newsletters.error, 'The newsletters could not be loaded.')}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined" role="region" aria-label="Table of newsletters" tabIndex={0} sx={{ mb: 5 }}>
          <Table aria-label="Newsletters">
            <TableHead>
              <TableRow>
                <TableCell>Subject</TableCell>
                <TableCell>List</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Recipients</TableCell>
                <TableCell>Started</TableCell>
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
                    <StatusChip label={STATUS[n.status][0]} tone={STATUS[n.status][1]} />
                  </TableCell>
                  <TableCell align="right">{n.recipients}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {n.started_at ? formatShortDateTime(n.started_at) : n.scheduled_at ? `For ${formatShortDateTime(n.scheduled_at)}` : ''}
                  </TableCell>
                </TableRow>
              ))}
              {newsletters.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No newsletters yet.</TableCell>
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
        Mailing lists
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        People choose their lists on the page each newsletter links to, and in My Profile. A list marked “for everyone who agreed to news”
        reaches people who ticked the news box when joining, donating or booking, until they leave it.
      </Typography>
      <TableContainer component={Paper} variant="outlined" role="region" aria-label="Table of mailing lists" tabIndex={0} sx={{ mb: 2 }}>
        <Table aria-label="Mailing lists" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>For everyone who agreed to news</TableCell>
              <TableCell align="right">Chose it themselves</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(lists.data ?? []).map((l) => (
              <TableRow key={l._id}>
                <TableCell>{l.name}</TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell>{l.auto_subscribe ? 'Yes' : 'No'}</TableCell>
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
        aria-label="New mailing list"
      >
        <TextField label="New list’s name" value={name} onChange={(e) => setName(e.target.value)} size="small" required />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} size="small" />
        <FormControlLabel
          control={<Checkbox checked={auto} onChange={(e) => setAuto(e.target.checked)} />}
          label="For everyone who agreed to news"
        />
        <Button type="submit" variant="outlined" loading={create.isPending}>
          Add the list
        </Button>
      </Stack>
      {create.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(create.error, 'The list could not be added.')}
        </Alert>
      )}
    </Box>
  );
}

function Suppressions() {
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
        Suppressed addresses
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        No newsletter goes to an address the receiving server refused for good (a 5xx answer), or refused for now three times in a row. Lift
        one once you know the address works again.
      </Typography>
      {lift.isError && <Alert severity="error">{errorMessage(lift.error, 'The suppression could not be lifted.')}</Alert>}
      <TableContainer component={Paper} variant="outlined" role="region" aria-label="Table of suppressed addresses" tabIndex={0}>
        <Table aria-label="Suppressed addresses" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Address</TableCell>
              <TableCell>Why</TableCell>
              <TableCell>Since</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Action
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
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(s.suppressed_at)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => lift.mutate(s.email)} aria-label={`Lift the suppression of ${s.email}`}>
                    Lift
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {suppressed.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>No address is suppressed.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
