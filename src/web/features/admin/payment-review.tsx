import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { awaitsReview, type MemberDetail, type PaymentRow } from '../../../shared/api/admin';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { formatShortDate } from '../../lib/format';
import { useReviewPayment } from './admin-api';
import { paymentKindLabels, personName } from './admin-labels';

const titles: Partial<Record<PaymentRow['status'], string>> = {
  refunded: 'Payment refunded',
  partly_refunded: 'Payment partly refunded',
  disputed: 'Payment disputed',
  dispute_lost: 'Dispute lost',
};

function what(payment: PaymentRow): string {
  const paid = `The ${paymentKindLabels[payment.kind].toLowerCase()} of ${formatPence(payment.amount)} paid on ${formatShortDate(payment.completed_at ?? payment.created_at)}`;
  switch (payment.status) {
    case 'refunded':
    case 'partly_refunded':
      return `${paid} was refunded through Stripe (${formatPence(payment.refunded)}).`;
    case 'disputed':
      return `${paid} is disputed by the cardholder with their bank.`;
    default:
      return `${paid} was taken back by the cardholder's bank after a dispute.`;
  }
}

/**
 * Membership payments Stripe refunded or that are disputed: the membership was not changed, and
 * the admin decides whether the year the payment bought stands (decision record 014).
 */
export function PaymentReviews({ member }: { member: MemberDetail }) {
  const open = member.payments.filter(awaitsReview);
  if (open.length === 0) return null;
  return (
    <Stack spacing={2}>
      {open.map((payment) => (
        <PaymentReview key={payment._id} payment={payment} name={personName(member)} />
      ))}
    </Stack>
  );
}

function PaymentReview({ payment, name }: { payment: PaymentRow; name: string }) {
  const review = useReviewPayment();
  const [confirming, setConfirming] = useState(false);
  const year =
    payment.period_start && payment.period_end ? ` (${formatLongDate(payment.period_start)} to ${formatLongDate(payment.period_end)})` : '';
  const failure = review.isError ? errorMessage(review.error, 'The decision could not be saved. Please try again.') : null;
  return (
    <Alert severity="warning" role="region" aria-label={titles[payment.status]}>
      <AlertTitle>{titles[payment.status]}</AlertTitle>
      {what(payment)} The membership has not been changed: decide whether the year it paid for{year} stands.
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button
          variant="outlined"
          size="small"
          loading={review.isPending && !confirming}
          onClick={() => review.mutate({ payment_id: payment._id, decision: 'keep' })}
        >
          Keep the membership
        </Button>
        <Button variant="outlined" size="small" color="error" onClick={() => setConfirming(true)}>
          Take off the year it paid for
        </Button>
      </Stack>
      {failure && !confirming && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        question={`Take a year off ${name}’s membership?`}
        details="Their membership will end a year earlier than it does now. The member is not told by e-mail."
        confirmLabel="Take off the year"
        pending={review.isPending}
        error={confirming ? failure : null}
        onConfirm={() => review.mutate({ payment_id: payment._id, decision: 'end' }, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Alert>
  );
}
