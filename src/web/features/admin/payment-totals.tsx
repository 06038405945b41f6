import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { useWords } from '../../lib/words';
import { usePaymentTotals } from './admin-api';
import { paymentsWords } from './payments-words';
import { useFormats } from './use-formats';

const amountColumns = ['registration', 'renewal', 'donation', 'booking', 'refunded', 'disputed', 'total'] as const;

/** Payments received by the London month they completed in, newest month first, less what went back. */
export function PaymentTotals() {
  const w = useWords(paymentsWords);
  const { month: monthName, pence } = useFormats();
  const totals = usePaymentTotals();
  return (
    <section aria-labelledby="payment-totals-title">
      <Typography id="payment-totals-title" variant="h3" sx={{ fontSize: '1.25rem', color: 'primary.dark', mt: 5, mb: 1 }}>
        {w.totalsTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.totalsIntro}</Typography>
      {totals.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={120} />
        </LoadingRegion>
      ) : totals.isError ? (
        <LoadError message={w.totalsFailed} error={totals.error} onRetry={() => void totals.refetch()} />
      ) : totals.data.length === 0 ? (
        <Typography>{w.noTotals}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" role="region" aria-label={w.totalsTitle} tabIndex={0}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{w.month}</TableCell>
                {amountColumns.map((key) => (
                  <TableCell key={key} align="right" sx={{ fontWeight: 700 }}>
                    {w.totals[key]}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {w.payments}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {totals.data.map((month) => (
                <TableRow key={month.month}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {monthName(month.month)}
                  </TableCell>
                  {amountColumns.map((key) => (
                    <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap', fontWeight: key === 'total' ? 700 : undefined }}>
                      {(key === 'refunded' || key === 'disputed') && month[key] > 0 ? `−${pence(month[key])}` : pence(month[key])}
                    </TableCell>
                  ))}
                  <TableCell align="right">{month.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
