import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AdminAutoRenewals } from '../../../shared/api/auto-renewal';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { pagePath } from '../../../shared/domain/page-paths';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { apiRequest, errorMessage, lazyEndpoints } from '../../lib/api';
import { AdminSection } from './admin-section';

const autoRenewalApi = lazyEndpoints(() => import('../../../shared/api/auto-renewal').then((m) => m.autoRenewalApi));
const KEY = ['admin', 'auto-renewals'] as const;

type Member = AdminAutoRenewals['members'][number];
const FAILURE_WORDS: Record<string, string> = {
  declined: 'declined, to be tried again',
  requires_action: 'waiting for the member to confirm',
  failed: 'failed three times: lapsed',
  superseded: 'closed',
  charging: 'being charged',
  noticed: 'told',
  succeeded: 'paid',
};
const offWords = {
  member: 'turned off by the member',
  admin: 'turned off by an admin',
  declines: 'turned off after three declines',
  mandate: 'turned off: the Direct Debit was cancelled',
};

/**
 * Who renews automatically, their next charge and every charge that failed (docs/product.md
 * "Automatic renewal"), with a way to turn it off for a member (they are told by e-mail).
 */
export function AutoRenewalsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiRequest(autoRenewalApi.adminList, { signal }) });
  const [saved, setSaved] = useState<string | null>(null);
  const turnOff = useMutation({
    mutationFn: (member: Member) => apiRequest(autoRenewalApi.adminTurnOff, { body: { user_id: member.user_id } }),
    onSuccess: async (_answer, member) => {
      setSaved(`Automatic renewal is off for ${member.name}. They have been told by e-mail.`);
      await client.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <AdminSection title="Automatic renewals" intro="Members who chose automatic renewal, their next charge, and every charge that failed.">
      {saved && (
        <Alert severity="success" role="status" onClose={() => setSaved(null)} sx={{ mb: 3 }}>
          {saved}
        </Alert>
      )}
      {turnOff.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {errorMessage(turnOff.error, 'Automatic renewal could not be turned off. Please try again.')}
        </Alert>
      )}
      <Panel>
        {list.isPending ? (
          <LoadingRegion>
            <Skeleton variant="rounded" height={160} />
          </LoadingRegion>
        ) : list.isError ? (
          <LoadError message="The automatic renewals could not be loaded." error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.members.length === 0 ? (
          <Typography>No member has chosen automatic renewal yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Automatic renewals">
              <TableHead>
                <TableRow>
                  <TableCell>Member</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Card</TableCell>
                  <TableCell>Next charge</TableCell>
                  <TableCell>Failures</TableCell>
                  <TableCell>
                    <span className="visually-hidden">Action</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.members.map((member) => (
                  <TableRow key={member.user_id}>
                    <TableCell>
                      <Link component={RouterLink} to={pagePath('adminMember', { id: member.user_id })}>
                        {member.name}
                      </Link>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {member.email}
                      </Typography>
                    </TableCell>
                    <TableCell>{member.on ? 'On' : member.turned_off_by ? offWords[member.turned_off_by] : 'Off'}</TableCell>
                    <TableCell>
                      {member.method?.type === 'bacs_debit'
                        ? `Direct Debit, account ending ${member.method.last4}`
                        : member.method
                          ? `${member.method.brand} ending ${member.method.last4}, ${member.method.exp_month}/${member.method.exp_year}`
                          : '–'}
                    </TableCell>
                    <TableCell>
                      {member.next_charge ? `${formatPence(member.next_charge.pence)} on ${formatLongDate(member.next_charge.date)}` : '–'}
                    </TableCell>
                    <TableCell>
                      {member.failures.length === 0
                        ? 'None'
                        : member.failures.map((f) => (
                            <Typography key={`${f.period}-${f.at}`} variant="body2">
                              {formatLongDate(f.period)}: {f.message ?? 'failed'} ({f.attempts} {f.attempts === 1 ? 'try' : 'tries'},{' '}
                              {FAILURE_WORDS[f.status] ?? f.status}
                              {f.next_attempt_at ? `, next on ${formatLongDate(f.next_attempt_at)}` : ''})
                            </Typography>
                          ))}
                    </TableCell>
                    <TableCell>
                      {member.on && (
                        <Button
                          size="small"
                          color="error"
                          loading={turnOff.isPending && turnOff.variables.user_id === member.user_id}
                          onClick={() => turnOff.mutate(member)}
                        >
                          Turn off for {member.name}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Panel>
    </AdminSection>
  );
}
