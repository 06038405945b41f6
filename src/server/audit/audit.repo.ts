import { sql, type Insertable, type Kysely } from 'kysely';
import { keysetPage, type PageWindow } from '../db/keyset';
import type { AuditKind } from '../../shared/api/admin';
import type { AuditLogTable, Database } from '../db/schema';

export type AuditFilter = { actor?: string; kind?: AuditKind };

export function auditRepo(db: Kysely<Database>) {
  function filtered(filter: AuditFilter) {
    let query = db.selectFrom('audit_log');
    if (filter.actor) query = query.where('actor_id', '=', filter.actor);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    return query;
  }

  return {
    async insert(entry: Insertable<AuditLogTable>): Promise<void> {
      await db.insertInto('audit_log').values(entry).execute();
    },

    /** Newest first: the sequence number orders entries made in the same millisecond. */
    page(filter: AuditFilter, window: PageWindow) {
      return keysetPage(filtered(filter).selectAll(), { parts: [sql.ref('seq')], dir: 'desc' }, window);
    },

    async count(filter: AuditFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Everyone who has made a change, with the e-mail their entries record (max() picks one if it changed). */
    actors() {
      return db
        .selectFrom('audit_log')
        .select(['actor_id', (eb) => eb.fn.max('actor_email').as('email')])
        .where('actor_id', 'is not', null)
        .groupBy('actor_id')
        .execute();
    },
  };
}
