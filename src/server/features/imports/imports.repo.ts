import { type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, ImportRowsTable, ImportsTable, UsersTable } from '../../db/schema';

/** Lists for `in (...)` are cut to this size: SQLite and PostgreSQL both take it well. */
export const IN_LIST = 500;

export function chunks<T>(items: readonly T[], size = IN_LIST): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

export type UserRecord = Selectable<UsersTable>;

/** The account columns an import may change (and undo puts back). */
export const IMPORTABLE_COLUMNS = [
  'title',
  'first_name',
  'last_name',
  'phone_no',
  'addr_line1',
  'addr_line2',
  'addr_city',
  'addr_post',
  'workplace',
  'job_title',
  'qualifications',
  'grad_year',
  'tier_index',
  'registered_date',
  'last_renewed_date',
  'import_id',
] as const;
export type ImportableColumn = (typeof IMPORTABLE_COLUMNS)[number];

export function importsRepo(db: Kysely<Database>) {
  return {
    async insertImport(row: Insertable<ImportsTable>): Promise<void> {
      await db.insertInto('imports').values(row).execute();
    },
    find(id: string) {
      return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async update(id: string, changes: Updateable<ImportsTable>): Promise<void> {
      await db.updateTable('imports').set(changes).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('imports').where('id', '=', id).execute();
    },
    list() {
      return db
        .selectFrom('imports as i')
        .leftJoin('users as u', 'u.id', 'i.created_by')
        .select(['i.id', 'i.status', 'i.file_name', 'i.created_at', 'i.committed_at', 'i.planned', 'i.done', 'u.email as created_by'])
        .where('i.status', '!=', 'reading')
        .orderBy('i.created_at', 'desc')
        .limit(100)
        .execute();
    },
    /**
     * Claims the commit for one request: from ready, or from committing when the claim of a
     * request that stopped (a crash) has lapsed. Of two admins at once exactly one gets it.
     */
    async claim(id: string, lease: string, now: string, changes: Updateable<ImportsTable>): Promise<boolean> {
      const result = await db
        .updateTable('imports')
        .set({ ...changes, status: 'committing', lease_until: lease })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('status', '=', 'ready'), eb.and([eb('status', '=', 'committing'), eb('lease_until', '<', now)])]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Renews this request's claim; false when it lapsed and another request took the commit over. */
    async renewClaim(id: string, lease: string, next: string): Promise<boolean> {
      const result = await db
        .updateTable('imports')
        .set({ lease_until: next })
        .where('id', '=', id)
        .where('status', '=', 'committing')
        .where('lease_until', '=', lease)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Drops dry runs never committed (they hold people's details) and readings a crash left. */
    async pruneUncommitted(readyBefore: string, readingBefore: string): Promise<void> {
      await db
        .deleteFrom('imports')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'ready'), eb('created_at', '<', readyBefore)]),
            eb.and([eb('status', '=', 'reading'), eb('created_at', '<', readingBefore)]),
          ]),
        )
        .execute();
    },

    async insertRows(rows: Insertable<ImportRowsTable>[]): Promise<void> {
      for (const part of chunks(rows, 200)) await db.insertInto('import_rows').values(part).execute();
    },
    /** The rows' outcomes in order, without their values. */
    outcomes(importId: string) {
      return db
        .selectFrom('import_rows')
        .select(['file', 'row_number', 'action', 'errors', 'changes'])
        .where('import_id', '=', importId)
        .orderBy('file')
        .orderBy('row_number')
        .execute();
    },
    /** The next rows to write, in order. */
    pendingRows(importId: string, file: 'members' | 'payments', limit: number) {
      return db
        .selectFrom('import_rows')
        .selectAll()
        .where('import_id', '=', importId)
        .where('file', '=', file)
        .where('state', '=', 'pending')
        .where('action', '!=', 'error')
        .orderBy('row_number')
        .limit(limit)
        .execute();
    },
    async markRow(importId: string, file: 'members' | 'payments', rowNumber: number, changes: Updateable<ImportRowsTable>): Promise<void> {
      await db
        .updateTable('import_rows')
        .set(changes)
        .where('import_id', '=', importId)
        .where('file', '=', file)
        .where('row_number', '=', rowNumber)
        .execute();
    },
    /** Rows of a batch with their outcome: one delete and one insert rather than an update per row. */
    async replaceRows(importId: string, file: 'members' | 'payments', rows: Insertable<ImportRowsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .deleteFrom('import_rows')
        .where('import_id', '=', importId)
        .where('file', '=', file)
        .where(
          'row_number',
          'in',
          rows.map((r) => r.row_number),
        )
        .execute();
      await db.insertInto('import_rows').values(rows).execute();
    },
    doneRows(importId: string) {
      return db
        .selectFrom('import_rows')
        .select(['file', 'row_number', 'action', 'user_id', 'before'])
        .where('import_id', '=', importId)
        .where('state', '=', 'done')
        .execute();
    },

    usersByEmail(keys: string[]) {
      if (keys.length === 0) return Promise.resolve([] as UserRecord[]);
      return db.selectFrom('users').selectAll().where('email_key', 'in', keys).execute();
    },
    /** The latest news choice of each of these people. */
    async latestConsents(userIds: string[]): Promise<Map<string, number>> {
      const latest = new Map<string, number>();
      if (userIds.length === 0) return latest;
      const rows = await db
        .selectFrom('consents')
        .select(['user_id', 'news_email', 'at'])
        .where('user_id', 'in', userIds)
        // News by e-mail as a whole; a choice about one list or kind of mail has a topic (decision 122).
        .where('topic', 'is', null)
        .orderBy('at')
        .execute();
      for (const row of rows) latest.set(row.user_id!, row.news_email);
      return latest;
    },
    async declarationDays(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('gift_aid_declarations')
        .select(['user_id', 'declared_at'])
        .where('user_id', 'in', userIds)
        .where('cancelled_at', 'is', null)
        .execute();
      return new Set(rows.map((r) => `${r.user_id}|${r.declared_at.slice(0, 10)}`));
    },
    async noteBodies(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('member_notes').select(['user_id', 'body']).where('user_id', 'in', userIds).execute();
      return new Set(rows.map((r) => `${r.user_id}|${r.body}`));
    },
    async existingPaymentKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.selectFrom('payments').select('import_key').where('import_key', 'in', keys).execute();
      return new Set(rows.map((r) => r.import_key!));
    },

    /** For undo: how many of these people signed in, took up an invitation, or (created ones) set a password since the commit. */
    async anyoneActive(createdIds: string[], updatedIds: string[], since: string): Promise<number> {
      const created = new Set(createdIds);
      let active = 0;
      for (const part of chunks([...createdIds, ...updatedIds])) {
        const createdHere = part.filter((id) => created.has(id));
        const row = await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', 'in', part)
          .where((eb) =>
            eb.or([
              eb('last_signed_in_at', '>', since),
              eb.exists(
                eb
                  .selectFrom('member_invitations as mi')
                  .select('mi.id')
                  .whereRef('mi.user_id', '=', 'users.id')
                  .where('mi.used_at', '>', since),
              ),
              ...(createdHere.length ? [eb.and([eb('id', 'in', createdHere), eb('password_hash', '!=', '')])] : []),
            ]),
          )
          .executeTakeFirstOrThrow();
        active += Number(row.n);
      }
      return active;
    },

    /** Undo: everything the import wrote, and the people it created. */
    async removeWritten(importId: string, createdIds: string[], cancelledAt: string): Promise<void> {
      await db.deleteFrom('payments').where('import_id', '=', importId).execute();
      await db.deleteFrom('consents').where('import_id', '=', importId).execute();
      await db.deleteFrom('gift_aid_declarations').where('import_id', '=', importId).execute();
      await db.deleteFrom('member_notes').where('import_id', '=', importId).execute();
      for (const part of chunks(createdIds)) {
        // Invitations not yet sent are not sent: their links would open nothing.
        const outboxIds = (
          await db
            .selectFrom('member_invitations')
            .select('outbox_id')
            .where('user_id', 'in', part)
            .where('outbox_id', 'is not', null)
            .execute()
        ).map((r) => r.outbox_id!);
        for (const ids of chunks(outboxIds))
          await db
            .updateTable('outbox')
            .set({ status: 'failed', attempts: 1_000, last_error: `Not sent: the import was undone at ${cancelledAt}` })
            .where('id', 'in', ids)
            .where('status', 'in', ['queued', 'kept', 'failed'])
            .execute();
        await db.deleteFrom('consents').where('user_id', 'in', part).execute();
        await db.updateTable('payments').set({ user_id: null }).where('user_id', 'in', part).execute();
        await db.deleteFrom('users').where('id', 'in', part).execute();
      }
    },
    async restoreUser(id: string, before: Partial<Record<ImportableColumn, string | number | null>>): Promise<void> {
      if (Object.keys(before).length === 0) return;
      await db
        .updateTable('users')
        .set(before as Updateable<UsersTable>)
        .where('id', '=', id)
        .execute();
    },

    /** The people an import created or updated, a page at a time, with their latest invitation. */
    async people(importId: string, page: { limit: number; offset: number }) {
      const base = db
        .selectFrom('import_rows as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .where('r.import_id', '=', importId)
        .where('r.file', '=', 'members')
        .where('r.state', '=', 'done')
        .where('r.action', 'in', ['create', 'update']);
      const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await base
        .select([
          'u.id',
          'u.first_name',
          'u.last_name',
          'u.email',
          'u.password_hash',
          'u.last_signed_in_at',
          'r.action',
          (eb) =>
            eb
              .selectFrom('member_invitations as mi')
              .select('mi.id')
              .whereRef('mi.user_id', '=', 'u.id')
              .orderBy('mi.created_at', 'desc')
              .limit(1)
              .as('invitation_id'),
        ])
        .orderBy('r.row_number')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const ids = rows.map((r) => r.invitation_id).filter((id): id is string => id !== null);
      const invitations = ids.length ? await db.selectFrom('member_invitations').selectAll().where('id', 'in', ids).execute() : [];
      return { total, rows, invitations: new Map(invitations.map((i) => [i.id, i])) };
    },
  };
}
export type ImportsRepo = ReturnType<typeof importsRepo>;
