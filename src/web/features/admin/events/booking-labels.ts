import type { BookingStatus } from '../../../../shared/api/bookings';
import type { StatusTone } from '../status-chip';

// The words of the statuses, in both languages, are in event-admin-words.ts.
export const bookingStatusTones: Record<BookingStatus, StatusTone> = {
  confirmed: 'success',
  held: 'warning',
  offered: 'warning',
  waitlisted: 'neutral',
  cancelled: 'error',
  expired: 'neutral',
  unconfirmed: 'warning',
};
