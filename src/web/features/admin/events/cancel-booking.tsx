import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { EventBookingRow } from '../../../../shared/api/event-admin';
import { formatPence } from '../../../../shared/domain/money';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useAdminCancel } from './event-admin-api';

/**
 * Cancels any live booking: its place goes to the waitlist, and a card payment is refunded in
 * full if the admin ticks the box (whatever the attendee's cut-off). Money paid by hand goes back by hand.
 */
export function CancelBookingButton({ booking }: { booking: EventBookingRow }) {
  const cancel = useAdminCancel();
  const [open, setOpen] = useState(false);
  const refundable = booking.paid_by === 'card' && booking.paid_pence - booking.refunded_pence > 0;
  const [refund, setRefund] = useState(true);
  if (booking.status === 'cancelled' || booking.status === 'expired') return null;

  const failure = cancel.isError ? errorMessage(cancel.error, 'The booking could not be cancelled. Please try again.') : null;
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
        aria-label={`Cancel the booking of ${booking.name}`}
      >
        Cancel
      </Button>
      <ConfirmDialog
        open={open}
        question={`Cancel the booking of ${booking.name}?`}
        details={`${booking.email}. Their place goes to the first on the waitlist, and they get an e-mail saying it is cancelled.`}
        confirmLabel="Cancel booking"
        pending={cancel.isPending}
        error={failure}
        onConfirm={() => cancel.mutate({ bookingId: booking._id, refund: refundable && refund }, { onSuccess: () => setOpen(false) })}
        onClose={() => setOpen(false)}
      >
        {refundable ? (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={refund} onChange={(e) => setRefund(e.target.checked)} />}
            label={`Refund ${formatPence(booking.paid_pence - booking.refunded_pence)} to their card`}
          />
        ) : booking.paid_by === 'by_hand' && booking.paid_pence > 0 ? (
          <Typography sx={{ mt: 1 }}>Paid by hand ({booking.note}): if the money is to go back, give it back by hand.</Typography>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
