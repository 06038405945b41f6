import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPence } from '../../../shared/domain/money';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { formatCalendarMonth } from '../../lib/format';
import { usePaymentTotals } from './admin-api';

const amountColumns = [
  ['registration', 'Registration'],
  ['renewal', 'Renewal'],
  ['donation', 'Donation'],
  ['booking', 'Bookings'],
  ['refunded', 'Refunded'],
  ['disputed', 'Disputed'],
  ['total', 'Kept'],
] as const;

/** Payments received by the London month they completed in, newest month first, less what went back. */
export function PaymentTotals() {
  const totals = usePaymentTotals();
  return (
    <section aria-labelledby="payment-totals-title">
      <Typography id="payment-totals-title" variant="h3" sx={{ fontSize: '1.25rem', color: 'primary.dark', mt: 5, mb: 1 }}>
        Totals by month
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Payments received, by the month (London time) they completed in. Refunded and disputed amounts (Stripe holds the money while a
        dispute is open, and returns it if it is won) are counted in the month of the payment and taken off what was kept. The filters above
        do not apply here.
      </Typography>
      {totals.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={120} />
        </LoadingRegion>
      ) : totals.isError ? (
        <LoadError message="The monthly totals could not be loaded." error={totals.error} onRetry={() => void totals.refetch()} />
      ) : totals.data.length === 0 ? (
        <Typography>No payment has succeeded yet.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" role="region" aria-label="Totals by month" tabIndex={0}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Month</TableCell>
                {amountColumns.map(([key, label]) => (
                  <TableCell key={key} align="right" sx={{ fontWeight: 700 }}>
                    {label}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  Payments
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {totals.data.map((month) => (
                <TableRow key={month.month}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {formatCalendarMonth(month.month)}
                  </TableCell>
                  {amountColumns.map(([key]) => (
                    <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap', fontWeight: key === 'total' ? 700 : undefined }}>
                      {(key === 'refunded' || key === 'disputed') && month[key] > 0
                        ? `−${formatPence(month[key])}`
                        : formatPence(month[key])}
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
