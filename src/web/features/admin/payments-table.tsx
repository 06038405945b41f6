import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PaymentRow } from '../../../shared/api/admin';
import { useWords } from '../../lib/words';
import { paymentStatusTones } from './admin-labels';
import { adminWords } from './admin-words';
import type { Column } from './paged-table';
import { paymentsWords } from './payments-words';
import { StatusChip } from './status-chip';
import { useFormats } from './use-formats';

/** The provider of payments the admin recorded by hand (cheque, transfer, cash). */
const OFFLINE_PROVIDER = 'offline';

/** The columns of a payments list; `withPayer` adds who paid (the all-payments page). */
export function usePaymentColumns(withPayer: boolean): Column<PaymentRow>[] {
  const w = useWords(paymentsWords);
  const { dateTime } = useFormats();
  const payer: Column<PaymentRow>[] = [
    {
      key: 'name',
      label: w.name,
      render: (p) =>
        p.user_id ? (
          <Link component={RouterLink} to={`/admin/members/${encodeURIComponent(p.user_id)}`}>
            {p.name ?? p.email}
          </Link>
        ) : (
          (p.name ?? w.anonymous)
        ),
    },
    { key: 'email', label: w.email, render: (p) => p.email },
  ];
  return [
    { key: 'created', label: w.date, nowrap: true, render: (p) => dateTime(p.created_at) },
    { key: 'kind', label: w.kind, nowrap: true, render: (p) => <PaymentKind payment={p} /> },
    ...(withPayer ? payer : []),
    { key: 'amount', label: w.amount, align: 'right', nowrap: true, render: (p) => <PaymentAmount payment={p} /> },
    {
      key: 'status',
      label: w.status,
      nowrap: true,
      render: (p) => <PaymentStatus payment={p} />,
    },
    { key: 'ref', label: w.reference, render: (p) => <PaymentReference payment={p} /> },
  ];
}

const secondLine = { color: 'text.secondary', fontSize: '0.85rem' } as const;

/**
 * The status; a pending Direct Debit says whether it is at the bank (about three working days) or
 * was refused, with the bank's reason under it (decision 175).
 */
function PaymentStatus({ payment }: { payment: PaymentRow }) {
  const w = useWords(paymentsWords);
  const labels = useWords(adminWords);
  if (payment.direct_debit === 'processing') return <StatusChip label={w.debitProcessing} tone="warning" />;
  if (payment.direct_debit === 'failed')
    return (
      <>
        <StatusChip label={w.debitFailed} tone="error" />
        {payment.failure_message && (
          <Typography variant="body2" sx={{ ...secondLine, whiteSpace: 'normal' }}>
            {payment.failure_message}
          </Typography>
        )}
      </>
    );
  return <StatusChip label={labels.paymentStatus[payment.status]} tone={paymentStatusTones[payment.status]} />;
}

/** The kind, and for a membership the year it bought (placed when it was paid). */
function PaymentKind({ payment }: { payment: PaymentRow }) {
  const w = useWords(paymentsWords);
  const labels = useWords(adminWords);
  const { longDate } = useFormats();
  return (
    <>
      {labels.paymentKind[payment.kind]}
      {payment.period_start && payment.period_end && (
        <Typography variant="body2" sx={secondLine}>
          {w.yearBought(longDate(payment.period_start), longDate(payment.period_end))}
        </Typography>
      )}
    </>
  );
}

/** The amount, and what Stripe refunded of it. */
function PaymentAmount({ payment }: { payment: PaymentRow }) {
  const w = useWords(paymentsWords);
  const { pence } = useFormats();
  return (
    <>
      {pence(payment.amount)}
      {payment.refunded > 0 && (
        <Typography variant="body2" sx={secondLine}>
          {w.refunded(pence(payment.refunded))}
        </Typography>
      )}
    </>
  );
}

/** The provider's reference ("By hand" for one the admin recorded), and the admin's note under it. */
function PaymentReference({ payment }: { payment: PaymentRow }) {
  const w = useWords(paymentsWords);
  return (
    <>
      {payment.provider_ref ? (
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'break-word' }}>
          {payment.provider_ref}
        </Typography>
      ) : payment.provider === OFFLINE_PROVIDER ? (
        w.byHand
      ) : (
        w.noReference
      )}
      {payment.note && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {payment.note}
        </Typography>
      )}
    </>
  );
}

/** A member's payments, all on one page (newest first, as the API gives them). */
export function PaymentsTable({ payments, label }: { payments: PaymentRow[]; label: string }) {
  const w = useWords(paymentsWords);
  const columns = usePaymentColumns(false);
  if (payments.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{w.noPayments}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined" role="region" aria-label={label} tabIndex={0}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.map((payment) => (
            <TableRow key={payment._id}>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {c.render(payment)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
