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
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { formatShortDateTime } from '../../lib/format';
import { paymentKindLabels, paymentStatusLabels, paymentStatusTones } from './admin-labels';
import type { Column } from './paged-table';
import { StatusChip } from './status-chip';

/** The provider of payments the admin recorded by hand (cheque, transfer, cash). */
const OFFLINE_PROVIDER = 'offline';

/** The columns of a payments list; `withPayer` adds who paid (the all-payments page). */
export function paymentColumns(withPayer: boolean): Column<PaymentRow>[] {
  const payer: Column<PaymentRow>[] = [
    {
      key: 'name',
      label: 'Name',
      render: (p) =>
        p.user_id ? (
          <Link component={RouterLink} to={`/admin/members/${encodeURIComponent(p.user_id)}`}>
            {p.name ?? p.email}
          </Link>
        ) : (
          (p.name ?? 'Anonymous')
        ),
    },
    { key: 'email', label: 'E-mail', render: (p) => p.email },
  ];
  return [
    { key: 'created', label: 'Date', nowrap: true, render: (p) => formatShortDateTime(p.created_at) },
    { key: 'kind', label: 'Kind', nowrap: true, render: (p) => <PaymentKind payment={p} /> },
    ...(withPayer ? payer : []),
    { key: 'amount', label: 'Amount', align: 'right', nowrap: true, render: (p) => <PaymentAmount payment={p} /> },
    {
      key: 'status',
      label: 'Status',
      nowrap: true,
      render: (p) => <StatusChip label={paymentStatusLabels[p.status]} tone={paymentStatusTones[p.status]} />,
    },
    { key: 'ref', label: 'Provider reference', render: (p) => <PaymentReference payment={p} /> },
  ];
}

const secondLine = { color: 'text.secondary', fontSize: '0.85rem' } as const;

/** The kind, and for a membership the year it bought (placed when it was paid). */
function PaymentKind({ payment }: { payment: PaymentRow }) {
  return (
    <>
      {paymentKindLabels[payment.kind]}
      {payment.period_start && payment.period_end && (
        <Typography variant="body2" sx={secondLine}>
          {formatLongDate(payment.period_start)} to {formatLongDate(payment.period_end)}
        </Typography>
      )}
    </>
  );
}

/** The amount, and what Stripe refunded of it. */
function PaymentAmount({ payment }: { payment: PaymentRow }) {
  return (
    <>
      {formatPence(payment.amount)}
      {payment.refunded > 0 && (
        <Typography variant="body2" sx={secondLine}>
          {formatPence(payment.refunded)} refunded
        </Typography>
      )}
    </>
  );
}

/** The provider's reference ("By hand" for one the admin recorded), and the admin's note under it. */
function PaymentReference({ payment }: { payment: PaymentRow }) {
  return (
    <>
      {payment.provider_ref ? (
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'break-word' }}>
          {payment.provider_ref}
        </Typography>
      ) : payment.provider === OFFLINE_PROVIDER ? (
        'By hand'
      ) : (
        'None'
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
  if (payments.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>No payments from this account or its e-mail address.</Typography>;
  const columns = paymentColumns(false);
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
