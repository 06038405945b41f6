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
import { cardBrandName } from '../../../shared/domain/card-brand';
import { pagePath } from '../../../shared/domain/page-paths';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { apiRequest, errorMessage, lazyEndpoints } from '../../lib/api';
import { useWords } from '../../lib/words';
import { AdminSection } from './admin-section';
import { givingWords } from './giving-words';
import { useFormats } from './use-formats';

const autoRenewalApi = lazyEndpoints(() => import('../../../shared/api/auto-renewal').then((m) => m.autoRenewalApi));
const KEY = ['admin', 'auto-renewals'] as const;

type Member = AdminAutoRenewals['members'][number];

/**
 * Who renews automatically, their next charge and every charge that failed (docs/product.md
 * "Automatic renewal"), with a way to turn it off for a member (they are told by e-mail).
 */
export function AutoRenewalsPage() {
  const w = useWords(givingWords);
  const format = useFormats();
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiRequest(autoRenewalApi.adminList, { signal }) });
  const [saved, setSaved] = useState<string | null>(null);
  const turnOff = useMutation({
    mutationFn: (member: Member) => apiRequest(autoRenewalApi.adminTurnOff, { body: { user_id: member.user_id } }),
    onSuccess: async (_answer, member) => {
      setSaved(w.turnedOff(member.name));
      await client.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <AdminSection title={w.renewalsTitle} intro={w.renewalsIntro}>
      {saved && (
        <Alert severity="success" role="status" onClose={() => setSaved(null)} closeText={w.close} sx={{ mb: 3 }}>
          {saved}
        </Alert>
      )}
      {turnOff.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {errorMessage(turnOff.error, w.turnOffFailed)}
        </Alert>
      )}
      <Panel>
        {list.isPending ? (
          <LoadingRegion>
            <Skeleton variant="rounded" height={160} />
          </LoadingRegion>
        ) : list.isError ? (
          <LoadError message={w.renewalsFailed} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.members.length === 0 ? (
          <Typography>{w.noRenewals}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={w.renewalsTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{w.member}</TableCell>
                  <TableCell>{w.status}</TableCell>
                  <TableCell>{w.card}</TableCell>
                  <TableCell>{w.nextCharge}</TableCell>
                  <TableCell>{w.failures}</TableCell>
                  <TableCell>
                    <span className="visually-hidden">{w.action}</span>
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
                    <TableCell>{member.on ? w.on : member.turned_off_by ? w.offBy[member.turned_off_by] : w.off}</TableCell>
                    <TableCell>
                      {member.method?.type === 'bacs_debit'
                        ? w.directDebit(member.method.last4)
                        : member.method
                          ? w.cardEnding(
                              cardBrandName(member.method.brand),
                              member.method.last4,
                              `${member.method.exp_month}/${member.method.exp_year}`,
                            )
                          : '–'}
                    </TableCell>
                    <TableCell>
                      {member.next_charge
                        ? w.chargeOn(format.pence(member.next_charge.pence), format.longDate(member.next_charge.date))
                        : '–'}
                    </TableCell>
                    <TableCell>
                      {member.failures.length === 0
                        ? w.none
                        : member.failures.map((f) => (
                            <Typography key={`${f.period}-${f.at}`} variant="body2">
                              {format.longDate(f.period)}: {f.message ?? w.failed} ({w.tries(f.attempts)}, {w.failure[f.status] ?? f.status}
                              {f.next_attempt_at ? w.nextOn(format.longDate(f.next_attempt_at)) : ''})
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
                          {w.turnOff(member.name)}
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
