import { z } from 'zod';
import { documentLanguageQuery } from './common';
import { defineEndpoints, file } from './contract';

/**
 * Attendance at an event and the CPD certificate it earns. The admin marks someone as attended
 * (at the door, on a phone); the attendee then downloads a certificate whose number the admin
 * can look up to confirm it is genuine.
 */
export const attendanceRequest = z.object({ attended: z.boolean() });
export type AttendanceRequest = z.input<typeof attendanceRequest>;

export const attendanceState = z.object({
  booking_id: z.string(),
  /** When the attendee was checked in (ISO instant); null when not (or no longer) marked. */
  attended_at: z.string().nullable(),
  /** Given the first time attendance is marked, and kept if the mark is taken back and given again. */
  certificate_number: z.string().nullable(),
});
export type AttendanceState = z.infer<typeof attendanceState>;

/** What the admin sees when checking a certificate number someone has shown them. */
export const certificateCheck = z.object({
  certificate_number: z.string(),
  booking_id: z.string(),
  name: z.string(),
  email: z.string(),
  event: z.object({ _id: z.string(), title: z.string(), date: z.string() }),
  cpd_minutes: z.number().int().nullable(),
  /** Null when the attendance was taken back after the number was given: the certificate no longer stands. */
  attended_at: z.string().nullable(),
});
export type CertificateCheck = z.infer<typeof certificateCheck>;

const bookingId = z.object({ id: z.string().max(100) });

export const attendanceApi = defineEndpoints('attendance', {
  mark: {
    method: 'POST',
    path: '/api/admin/events/bookings/:id/attendance',
    summary:
      'Marks a confirmed booking as attended (gives a certificate number and mails the certificate link once) or takes the mark back',
    params: bookingId,
    body: { kind: 'json', schema: attendanceRequest },
    response: attendanceState,
    errors: { 404: 'No such booking', 409: 'Only a confirmed booking can be marked as attended' },
  },
  certificate: {
    method: 'GET',
    path: '/api/events/bookings/:id/certificate.pdf',
    summary:
      "The CPD certificate of an attended booking, for its attendee (signed in as them, or the mail link's secret in the x-booking-token header), in the attendee's language (their account's; English without one) unless `lang` names one",
    params: bookingId,
    query: documentLanguageQuery,
    response: file('application/pdf'),
    errors: {
      400: 'lang is neither en nor hy',
      404: 'No such booking, not yours, or not attended',
      429: 'Too many documents asked for by this booking or address',
      503: 'The PDF threads are busy: try again after Retry-After seconds',
    },
  },
  verify: {
    method: 'GET',
    path: '/api/admin/certificates/:number',
    summary: 'Looks up a certificate number: whose it is, for which event, and whether the attendance still stands',
    params: z.object({ number: z.string().max(40) }),
    response: certificateCheck,
    errors: { 404: 'No certificate has this number' },
  },
});
