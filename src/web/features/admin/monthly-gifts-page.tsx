import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import type { AdminMonthlyGifts } from '../../../shared/api/monthly-gifts';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { apiRequest, errorMessage, lazyEndpoints } from '../../lib/api';
import { AdminSection } from './admin-section';

const monthlyGiftsApi = lazyEndpoints(() => import('../../../shared/api/monthly-gifts').then((m) => m.monthlyGiftsApi));
const KEY = ['admin', 'monthly-gifts'] as const;

type Gift = AdminMonthlyGifts['gifts'][number];
const endedWords = { donor: 'cancelled by the donor', admin: 'stopped by an admin', declines: 'ended after three declines' };
const monthWords = (period: string) => new Date(`${period}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

/**
 * Every monthly gift: who gives, how much, the next charge and every month that failed (docs/product.md
 * "Monthly giving"), with a way to stop one (the donor is told by e-mail).
 */
export function MonthlyGiftsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiRequest(monthlyGiftsApi.adminList, { signal }) });
  const [saved, setSaved] = useState<string | null>(null);
  const stop = useMutation({
    mutationFn: (gift: Gift) => apiRequest(monthlyGiftsApi.adminStop, { body: { gift_id: gift.gift_id } }),
    onSuccess: async (_answer, gift) => {
      setSaved(`The monthly gift of ${gift.name ?? gift.email} is stopped. They have been told by e-mail.`);
      await client.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <AdminSection title="Monthly gifts" intro="Every monthly gift, its next charge, and every month that failed.">
      {saved && (
        <Alert severity="success" role="status" onClose={() => setSaved(null)} sx={{ mb: 3 }}>
          {saved}
        </Alert>
      )}
      {stop.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {errorMessage(stop.error, 'The monthly gift could not be stopped. Please try again.')}
        </Alert>
      )}
      <Panel>
        {list.isPending ? (
          <LoadingRegion>
            <Skeleton variant="rounded" height={160} />
          </LoadingRegion>
        ) : list.isError ? (
          <LoadError message="The monthly gifts could not be loaded." error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.gifts.length === 0 ? (
          <Typography>No one gives monthly yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Monthly gifts">
              <TableHead>
                <TableRow>
                  <TableCell>Donor</TableCell>
                  <TableCell>Amount</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Next charge</TableCell>
                  <TableCell>Failures</TableCell>
                  <TableCell>
                    <span className="visually-hidden">Action</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.gifts.map((gift) => (
                  <TableRow key={gift.gift_id}>
                    <TableCell>
                      {gift.name ?? 'Anonymous'}
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {gift.email}
                        {gift.has_account ? '' : ' (no account)'}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {formatPence(gift.pence)} a month{gift.gift_aid ? ', with Gift Aid' : ''}
                    </TableCell>
                    <TableCell>{gift.status === 'active' ? 'Active' : gift.ended_by ? endedWords[gift.ended_by] : 'Ended'}</TableCell>
                    <TableCell>{gift.next_charge ? formatLongDate(gift.next_charge) : '–'}</TableCell>
                    <TableCell>
                      {gift.failures.length === 0
                        ? 'None'
                        : gift.failures.map((f) => (
                            <Typography key={f.period} variant="body2">
                              {monthWords(f.period)}: {f.message ?? 'declined'} ({f.attempts} {f.attempts === 1 ? 'try' : 'tries'}
                              {f.next_attempt_at
                                ? `, next on ${formatLongDate(f.next_attempt_at)}`
                                : f.status === 'failed'
                                  ? ', given up'
                                  : ''}
                              )
                            </Typography>
                          ))}
                    </TableCell>
                    <TableCell>
                      {gift.status === 'active' && (
                        <Button
                          size="small"
                          color="error"
                          loading={stop.isPending && stop.variables.gift_id === gift.gift_id}
                          onClick={() => stop.mutate(gift)}
                        >
                          Stop the gift of {gift.name ?? gift.email}
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
