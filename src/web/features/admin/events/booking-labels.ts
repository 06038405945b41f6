import type { BookingStatus } from '../../../../shared/api/bookings';
import type { StatusTone } from '../status-chip';

export const bookingStatusLabels: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  held: 'Awaiting payment',
  offered: 'Offered a place',
  waitlisted: 'Waitlist',
  cancelled: 'Cancelled',
  expired: 'Lapsed',
  unconfirmed: 'Awaiting e-mail confirmation',
};

export const bookingStatusTones: Record<BookingStatus, StatusTone> = {
  confirmed: 'success',
  held: 'warning',
  offered: 'warning',
  waitlisted: 'neutral',
  cancelled: 'error',
  expired: 'neutral',
  unconfirmed: 'warning',
};
