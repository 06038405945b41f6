import type { FastifyInstance } from 'fastify';
import { systemApi } from '../../../shared/api/system';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability';
import { addRoute } from '../../http/route';
import type { HealthService } from './health.service';

export function healthRoutes(app: FastifyInstance, health: HealthService) {
  addRoute(app, systemApi.health, {
    policy: 'public',
    handler: async ({ reply }) => {
      const report = await health.report();
      // A monitor or load balancer reads the status; the body says which part is failing.
      if (report.status !== 'ok') reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return report;
    },
  });
}
