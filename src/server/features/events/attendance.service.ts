import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AttendanceState, CertificateCheck } from '../../../shared/api/attendance';
import { newCertificateNumber, normaliseCertificateNumber } from '../../../shared/domain/certificate-number';
import { londonDate } from '../../../shared/domain/london-time';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';
import type { Mailer } from '../../integrations/mail/mailer';
import type { MailContext } from '../../integrations/mail/template';
import type { PdfDocuments } from '../../pdf/pdf-documents';
import { attendanceRepo } from './attendance.repo';
import { bookingsRepo, type BookingRow } from './bookings.repo';
import { certificateStands as stands, isAttendee, mailKit, type BookingAuth } from './bookings.service';
import { certificateMail } from './certificate.emails';
import { isErasedBooking } from './events.personal-data';
import { eventsRepo } from './events.repo';
import { inLanguageOf } from './event-words';
import type { CertificateWordKey } from './certificate-pdf';
import { wordsOf } from '../../pdf/pdf-document';
import type { Language } from '../../../shared/domain/language';
import type { SiteTextKey } from '../../../shared/domain/site-text';

export type AttendanceDeps = {
  db: Kysely<Database>;
  clock: () => Date;
  audit: AuditTrail;
  mailer: Mailer;
  mailContext: () => Promise<MailContext>;
  /** Signs the links in attendees' mail (the same secret as the booking links). */
  linkSecret: string;
  /** The logo from Settings when it is an uploaded image (PNG or JPEG bytes), else null. */
  logo: () => Promise<Buffer | null>;
  /** Draws on the PDF threads, each version once (decision 090). */
  pdfs: PdfDocuments;
  /** Every site text in a language at once: a certificate is written in its attendee's (decision 196). */
  textsIn: (language: Language) => Promise<(key: SiteTextKey) => string>;
};

const NOT_CONFIRMED = 'Only a confirmed booking can be marked as attended';
const NO_CERTIFICATE = 'Certificate not found';

const state = (booking: BookingRow): AttendanceState => ({
  booking_id: booking.id,
  attended_at: booking.attended_at,
  certificate_number: booking.certificate_number,
});

/**
 * Attendance at events and the CPD certificates it earns. The first mark gives the booking its
 * certificate number and queues the mail with the certificate's link, both in the transaction that
 * records the mark; taking the mark back keeps the number (a later mark reuses it and mails nothing).
 */
export function attendanceService({ db, clock, audit, mailer, mailContext, linkSecret, logo, pdfs, textsIn }: AttendanceDeps) {
  async function mark(id: string, actor: Actor): Promise<AttendanceState> {
    const booking = await bookingsRepo(db).find(id);
    if (!booking) throw notFound('Booking not found');
    const event = (await eventsRepo(db).find(booking.event_id))!;
    if (booking.status !== 'confirmed') throw conflict(NOT_CONFIRMED);
    // The attendee asked to be erased: no certificate can be made out to nobody.
    if (isErasedBooking(booking)) throw conflict('This attendee’s details were erased at their request: no certificate can be issued');
    const now = clock();
    // Check-in happens at the door: a mark days early would mail a certificate for an event not yet held.
    if (londonDate(now) < londonDate(new Date(event.starts_at))) throw conflict('Attendance can be marked from the day of the event');
    // Read before the transaction: on SQLite a transaction holds the one connection.
    const kit = mailKit(await mailContext(), linkSecret);
    const year = Number(londonDate(new Date(event.starts_at)).slice(0, 4));

    for (let attempt = 1; ; attempt++) {
      try {
        const after = await audit.change(
          actor,
          async (trx) => {
            const repo = attendanceRepo(trx);
            const number = newCertificateNumber(year, randomInt);
            // Whoever gives the number sends the mail: once in the booking's life, however often it is marked.
            const issued = await repo.issueNumber(id, number);
            const marked = await repo.markAttended(id, now.toISOString());
            const row = (await bookingsRepo(trx).find(id))!;
            // Cancelled between the read above and this transaction.
            if (row.status !== 'confirmed') throw conflict(NOT_CONFIRMED);
            if (issued) await mailer.queue(certificateMail(event, row, number, kit.link(row), kit.ctx), trx);
            return { row, marked };
          },
          ({ row, marked }) =>
            marked
              ? [
                  {
                    kind: 'event',
                    action: 'recorded',
                    subject_id: id,
                    summary: `Marked ${row.name} <${row.email}> as attended at ${quoted(event.title)}: certificate ${row.certificate_number}`,
                  },
                ]
              : [],
        );
        mailer.deliverSoon();
        return state(after.row);
      } catch (error) {
        // Two bookings drawing the same random number (about one in a trillion): draw again.
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
    }
  }

  async function unmark(id: string, actor: Actor): Promise<AttendanceState> {
    const row = await audit.change(
      actor,
      async (trx) => {
        const cleared = await attendanceRepo(trx).clearAttended(id);
        const booking = await bookingsRepo(trx).find(id);
        if (!booking) throw notFound('Booking not found');
        return { booking, cleared };
      },
      ({ booking, cleared }) =>
        cleared
          ? [
              {
                kind: 'event',
                action: 'cancelled',
                subject_id: id,
                summary: `Took back the attendance of ${booking.name} <${booking.email}>: certificate ${booking.certificate_number} no longer stands`,
              },
            ]
          : [],
    );
    return state(row.booking);
  }

  return {
    /** Marks or unmarks; doing what is already done changes nothing and answers the state. */
    setAttended: (id: string, attended: boolean, actor: Actor) => (attended ? mark(id, actor) : unmark(id, actor)),

    /**
     * The certificate PDF, for the booking's attendee once marked as attended; anything else is
     * 404. Written in the attendee's language: `asked`, else their account's, else English (an
     * attendee with no account has chosen none: decision 196). `ip`: who asks, for the limits on
     * drawing (the booking stands for an account).
     */
    async certificate(id: string, auth: BookingAuth, ip: string, asked?: Language): Promise<{ pdf: Buffer; number: string }> {
      const booking = await bookingsRepo(db).find(id);
      if (!booking || isErasedBooking(booking) || !isAttendee(linkSecret, booking, auth) || !stands(booking) || !booking.certificate_number)
        throw notFound(NO_CERTIFICATE);
      const event = (await eventsRepo(db).find(booking.event_id))!;
      const language = asked ?? (await attendanceRepo(db).attendeeLanguage(booking)) ?? 'en';
      const [ctx, text, image] = await Promise.all([mailContext(), textsIn(language), logo()]);
      const pdf = await pdfs.get(
        'certificate',
        {
          language,
          words: wordsOf<CertificateWordKey>(text, 'pdf.certificate.'),
          siteName: text('site_name'),
          logo: image,
          attendeeName: booking.name,
          eventTitle: inLanguageOf(event, language).title,
          eventStart: event.starts_at,
          eventEnd: event.ends_at,
          cpdMinutes: event.cpd_minutes,
          certificateNumber: booking.certificate_number,
          issuedAt: booking.attended_at!,
          contact: ctx.contactEmail || ctx.publicUrl,
        },
        { account: auth.principal?.id ?? `booking:${booking.id}`, ip },
      );
      return { pdf, number: booking.certificate_number };
    },

    /** Whose a certificate number is; attended_at null when it no longer stands (the mark taken back, or the booking cancelled). */
    async verify(typed: string): Promise<CertificateCheck> {
      const number = normaliseCertificateNumber(typed);
      const found = number ? await attendanceRepo(db).byNumber(number) : undefined;
      if (!found) throw notFound('No certificate has this number');
      return {
        certificate_number: found.certificate_number!,
        booking_id: found.id,
        name: found.name,
        email: found.email,
        event: { _id: found.event_id, title: found.title, date: found.starts_at },
        cpd_minutes: found.cpd_minutes,
        attended_at: stands(found) ? found.attended_at : null,
      };
    },
  };
}
export type AttendanceService = ReturnType<typeof attendanceService>;
