import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { EventBookingRow } from '../../../../shared/api/event-admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useWords } from '../../../lib/words';
import { useFormats } from '../use-formats';
import { useAdminCancel } from './event-admin-api';
import { eventAdminWords } from './event-admin-words';

/**
 * Cancels any live booking: its place goes to the waitlist, and a card payment is refunded in
 * full if the admin ticks the box (whatever the attendee's cut-off). Money paid by hand goes back by hand.
 */
export function CancelBookingButton({ booking }: { booking: EventBookingRow }) {
  const w = useWords(eventAdminWords);
  const { pence } = useFormats();
  const cancel = useAdminCancel();
  const [open, setOpen] = useState(false);
  const refundable = booking.paid_by === 'card' && booking.paid_pence - booking.refunded_pence > 0;
  const [refund, setRefund] = useState(true);
  if (booking.status === 'cancelled' || booking.status === 'expired') return null;

  const failure = cancel.isError ? errorMessage(cancel.error, w.cancelFailed) : null;
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => {
          cancel.reset();
          setRefund(refundable);
          setOpen(true);
        }}
        aria-label={w.cancelOf(booking.name)}
      >
        {w.cancel}
      </Button>
      <ConfirmDialog
        open={open}
        question={w.cancelQuestion(booking.name)}
        details={w.cancelDetails(booking.email)}
        confirmLabel={w.cancelConfirm}
        pending={cancel.isPending}
        error={failure}
        onConfirm={() => cancel.mutate({ bookingId: booking._id, refund: refundable && refund }, { onSuccess: () => setOpen(false) })}
        onClose={() => setOpen(false)}
      >
        {refundable ? (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={refund} onChange={(e) => setRefund(e.target.checked)} />}
            label={w.refundToCard(pence(booking.paid_pence - booking.refunded_pence))}
          />
        ) : booking.paid_by === 'by_hand' && booking.paid_pence > 0 ? (
          <Typography sx={{ mt: 1 }}>{w.paidByHandNote(booking.note ?? '')}</Typography>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
