import type { FastifyInstance } from 'fastify';
import { attendanceApi } from '../../../shared/api/attendance';
import { BOOKING_TOKEN_HEADER } from '../../../shared/api/bookings';
import { isEventId } from '../../../shared/api/events';
import { notFound } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { AttendanceService } from './attendance.service';

/** Booking ids are UUIDs like event ids. */
const known = (id: string) => {
  if (!isEventId(id)) throw notFound('Booking not found');
  return id;
};

export function attendanceRoutes(app: FastifyInstance, attendance: AttendanceService) {
  addRoute(app, attendanceApi.mark, {
    policy: 'admin',
    handler: ({ params: { id }, body, user }) => attendance.setAttended(known(id), body.attended, user()),
  });

  // The attendee's own, like the booking: the mail link's secret in the header, or signed in as them; anyone else gets 404.
  addRoute(app, attendanceApi.certificate, {
    policy: 'public',
    handler: async ({ params: { id }, query, req, reply }) => {
      const header = req.headers[BOOKING_TOKEN_HEADER];
      const { pdf, number } = await attendance.certificate(
        known(id),
        { token: typeof header === 'string' ? header : undefined, principal: req.principal ?? undefined },
        req.ip,
        query.lang,
      );
      reply.header('content-disposition', `attachment; filename="certificate-${number}.pdf"`).header('cache-control', 'private, no-store');
      return pdf;
    },
  });

  addRoute(app, attendanceApi.verify, { policy: 'admin', handler: ({ params: { number } }) => attendance.verify(number) });
}
