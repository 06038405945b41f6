import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CommitteeMembersTable, Database } from '../../db/schema';

export function committeeRepo(db: Kysely<Database>) {
  return {
    async insert(member: Insertable<CommitteeMembersTable>): Promise<void> {
      await db.insertInto('committee_members').values(member).execute();
    },
    list() {
      return db.selectFrom('committee_members').selectAll().execute();
    },
    find(id: string) {
      return db.selectFrom('committee_members').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** True when the member existed. */
    async update(id: string, changes: Updateable<CommitteeMembersTable>): Promise<boolean> {
      const result = await db.updateTable('committee_members').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('committee_members').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
