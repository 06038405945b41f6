import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { systemApi } from '../../../shared/api/system';
import type { Database } from '../../db/schema';
import { addRoute } from '../../http/route';

export function healthRoutes(app: FastifyInstance, db: Kysely<Database>) {
  addRoute(app, systemApi.health, {
    policy: 'public',
    handler: async () => {
      await sql`select 1`.execute(db); // answers only while the database does
      return { status: 'ok' as const };
    },
  });
}
