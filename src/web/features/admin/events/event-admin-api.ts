import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attendanceApi } from '../../../../shared/api/attendance';
import {
  eventAdminApi,
  type AdminCancelRequest,
  type AttendeeMailRequest,
  type EventBookingFilter,
  type EventBookingsQuery,
  type HandBookingRequest,
} from '../../../../shared/api/event-admin';
import { eventsApi } from '../../../../shared/api/events';
import { londonDate } from '../../../../shared/domain/london-time';
import { apiRequest } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';
import { adminKeys } from '../admin-api';

export const eventAdminKeys = {
  events: ['admin', 'events'] as const,
  bookings: ['admin', 'event-bookings'] as const,
};

/** Every event, soonest first (the public list: the admin's page adds the bookings). */
export function useAdminEvents() {
  return useQuery({ queryKey: eventAdminKeys.events, queryFn: ({ signal }) => apiRequest(eventsApi.list, { signal }) });
}

export function useEventBookings(eventId: string, query: EventBookingsQuery) {
  return useQuery({
    queryKey: [...eventAdminKeys.bookings, eventId, query],
    queryFn: ({ signal }) => apiRequest(eventAdminApi.bookings, { params: { id: eventId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change to bookings shows in the event's lists and facts, the payments, the outbox and the audit log. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [
      eventAdminKeys.bookings,
      eventAdminKeys.events,
      adminKeys.payments,
      adminKeys.paymentTotals,
      adminKeys.outbox,
      adminKeys.audit,
    ]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
}

export function useHandBooking(eventId: string) {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: (request: HandBookingRequest) => apiRequest(eventAdminApi.book, { params: { id: eventId }, body: request }),
    onSuccess: changed,
  });
}

export function useMailAttendees(eventId: string) {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: (request: AttendeeMailRequest) => apiRequest(eventAdminApi.mail, { params: { id: eventId }, body: request }),
    onSuccess: changed,
  });
}

export function useAdminCancel() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: ({ bookingId, ...request }: AdminCancelRequest & { bookingId: string }) =>
      apiRequest(eventAdminApi.cancel, { params: { id: bookingId }, body: request }),
    onSettled: changed,
  });
}

/** Checks someone in (or takes it back); the lists are refetched so the facts follow. */
export function useMarkAttendance() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: ({ bookingId, attended }: { bookingId: string; attended: boolean }) =>
      apiRequest(attendanceApi.mark, { params: { id: bookingId }, body: { attended } }),
    onSuccess: changed,
  });
}

export function useVerifyCertificate() {
  return useMutation({
    mutationFn: (number: string) => apiRequest(attendanceApi.verify, { params: { number } }),
  });
}

export function downloadAttendeesCsv(eventId: string, filter: EventBookingFilter): Promise<void> {
  return downloadFile(eventAdminApi.bookingsCsv, { params: { id: eventId }, query: filter }, `attendees-${londonDate(new Date())}.csv`);
}
