import type { Insertable, Kysely } from 'kysely';
import type { CommitteeMembersTable, Database } from '../../db/schema';

export function committeeRepo(db: Kysely<Database>) {
  return {
    async insert(member: Insertable<CommitteeMembersTable>): Promise<void> {
      await db.insertInto('committee_members').values(member).execute();
    },
    /** Highest priority first, ties by name. */
    list() {
      return db.selectFrom('committee_members').selectAll().orderBy('priority', 'desc').orderBy('name').execute();
    },
  };
}
export type CommitteeRepo = ReturnType<typeof committeeRepo>;
