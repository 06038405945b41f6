import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { awaitsReview, type MemberDetail, type PaymentRow } from '../../../shared/api/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { useWords } from '../../lib/words';
import { useReviewPayment } from './admin-api';
import { personName } from './admin-labels';
import { adminWords } from './admin-words';
import { paymentsWords } from './payments-words';
import { useFormats } from './use-formats';

type Words = (typeof paymentsWords)['en'];
type Formats = ReturnType<typeof useFormats>;

function what(payment: PaymentRow, w: Words, kinds: (typeof adminWords)['en']['paymentKind'], format: Formats): string {
  const paid = w.paid(kinds[payment.kind], format.pence(payment.amount), format.date(payment.completed_at ?? payment.created_at));
  switch (payment.status) {
    case 'refunded':
    case 'partly_refunded':
      return w.wasRefunded(paid, format.pence(payment.refunded));
    case 'disputed':
      return w.isDisputed(paid);
    default:
      return w.takenBack(paid);
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
  const w = useWords(paymentsWords);
  const labels = useWords(adminWords);
  const format = useFormats();
  const review = useReviewPayment();
  const [confirming, setConfirming] = useState(false);
  const year =
    payment.period_start && payment.period_end
      ? w.yearPaidFor(format.longDate(payment.period_start), format.longDate(payment.period_end))
      : '';
  const failure = review.isError ? errorMessage(review.error, w.decisionFailed) : null;
  const title = w.reviewTitles[payment.status as keyof Words['reviewTitles']];
  return (
    <Alert severity="warning" role="region" aria-label={title}>
      <AlertTitle>{title}</AlertTitle>
      {what(payment, w, labels.paymentKind, format)}
      {w.decide(year)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button
          variant="outlined"
          size="small"
          loading={review.isPending && !confirming}
          onClick={() => review.mutate({ payment_id: payment._id, decision: 'keep' })}
        >
          {w.keep}
        </Button>
        <Button variant="outlined" size="small" color="error" onClick={() => setConfirming(true)}>
          {w.takeOff}
        </Button>
      </Stack>
      {failure && !confirming && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        question={w.takeOffQuestion(name)}
        details={w.takeOffDetails}
        confirmLabel={w.takeOffConfirm}
        pending={review.isPending}
        error={confirming ? failure : null}
        onConfirm={() => review.mutate({ payment_id: payment._id, decision: 'end' }, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Alert>
  );
}
