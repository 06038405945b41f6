import autocannon from 'autocannon';
import { eventFields } from '../../src/shared/api/events';
import { toLondonLocal } from '../../src/shared/domain/london-time';
import type { Db } from '../../src/server/db/database';
import { bookingToken } from '../../src/server/features/events/bookings.service';
import type { Services } from '../../src/server/services';

/**
 * CPD certificates downloaded at once (the morning after a lecture, everyone opening the e-mail):
 * one attended booking's PDF through the public route with the link's secret, 10 connections.
 */
export async function certificateDownloads(db: Db, services: Services, address: string, linkSecret: string, seconds: number) {
  const fields = eventFields.parse({
    title: 'Bench lecture: Սրտաբանություն today',
    dated: toLondonLocal(new Date(Date.now() + 24 * 60 * 60 * 1000)),
    description: 'For the certificate benchmark.',
    cpd_hours: 1.5,
  });
  const eventId = await services.events.createFromFields(fields, null);
  const { booking_id: id } = await services.bookings.book(
    eventId,
    { name: 'Անի Petrosyan', email: 'bench-cert@example.org' },
    undefined,
    '198.19.0.1',
  );
  // The mark's rules (from the event's day) are tested elsewhere; here the row is simply marked.
  await db.db
    .updateTable('event_bookings')
    .set({ attended_at: new Date().toISOString(), certificate_number: 'CPD-2026-BENC-H000' })
    .where('id', '=', id)
    .execute();
  const headers = { 'x-booking-token': bookingToken(linkSecret, id) };
  const one = await fetch(`${address}/api/events/bookings/${id}/certificate.pdf`, { headers });
  const bytes = (await one.arrayBuffer()).byteLength;
  const result = await autocannon({
    url: `${address}/api/events/bookings/${id}/certificate.pdf`,
    connections: 10,
    duration: seconds,
    headers,
  });
  const errors = result.non2xx + result.errors;
  return `  certificate.pdf (${one.status}, ${(bytes / 1024).toFixed(0)} KiB): ${Math.round(result.requests.average)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${errors ? `   ${errors} errors` : ''}`;
}
