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
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { apiRequest, errorMessage, lazyEndpoints } from '../../lib/api';
import { useWords } from '../../lib/words';
import { AdminSection } from './admin-section';
import { givingWords } from './giving-words';
import { useFormats } from './use-formats';

const monthlyGiftsApi = lazyEndpoints(() => import('../../../shared/api/monthly-gifts').then((m) => m.monthlyGiftsApi));
const KEY = ['admin', 'monthly-gifts'] as const;

type Gift = AdminMonthlyGifts['gifts'][number];

/**
 * Every monthly gift: who gives, how much, the next charge and every month that failed (docs/product.md
 * "Monthly giving"), with a way to stop one (the donor is told by e-mail).
 */
export function MonthlyGiftsPage() {
  const w = useWords(givingWords);
  const format = useFormats();
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiRequest(monthlyGiftsApi.adminList, { signal }) });
  const [saved, setSaved] = useState<string | null>(null);
  const stop = useMutation({
    mutationFn: (gift: Gift) => apiRequest(monthlyGiftsApi.adminStop, { body: { gift_id: gift.gift_id } }),
    onSuccess: async (_answer, gift) => {
      setSaved(w.giftStopped(gift.name ?? gift.email));
      await client.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <AdminSection title={w.giftsTitle} intro={w.giftsIntro}>
      {saved && (
        <Alert severity="success" role="status" onClose={() => setSaved(null)} closeText={w.close} sx={{ mb: 3 }}>
          {saved}
        </Alert>
      )}
      {stop.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {errorMessage(stop.error, w.stopFailed)}
        </Alert>
      )}
      <Panel>
        {list.isPending ? (
          <LoadingRegion>
            <Skeleton variant="rounded" height={160} />
          </LoadingRegion>
        ) : list.isError ? (
          <LoadError message={w.giftsFailed} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.gifts.length === 0 ? (
          <Typography>{w.noGifts}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={w.giftsTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{w.donor}</TableCell>
                  <TableCell>{w.amount}</TableCell>
                  <TableCell>{w.status}</TableCell>
                  <TableCell>{w.nextCharge}</TableCell>
                  <TableCell>{w.failures}</TableCell>
                  <TableCell>
                    <span className="visually-hidden">{w.action}</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.gifts.map((gift) => (
                  <TableRow key={gift.gift_id}>
                    <TableCell>
                      {gift.name ?? w.anonymous}
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {gift.email}
                        {gift.has_account ? '' : w.noAccount}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {w.aMonth(format.pence(gift.pence))}
                      {gift.gift_aid ? w.withGiftAid : ''}
                    </TableCell>
                    <TableCell>{gift.status === 'active' ? w.active : gift.ended_by ? w.endedBy[gift.ended_by] : w.ended}</TableCell>
                    <TableCell>{gift.next_charge ? format.longDate(gift.next_charge) : '–'}</TableCell>
                    <TableCell>
                      {gift.failures.length === 0
                        ? w.none
                        : gift.failures.map((f) => (
                            <Typography key={f.period} variant="body2">
                              {format.month(f.period)}: {f.message ?? w.declined} ({w.tries(f.attempts)}
                              {f.next_attempt_at ? w.nextOn(format.longDate(f.next_attempt_at)) : f.status === 'failed' ? w.givenUp : ''})
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
                          {w.stopGift(gift.name ?? gift.email)}
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
