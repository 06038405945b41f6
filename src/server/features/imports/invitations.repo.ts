import type { Insertable, Kysely } from 'kysely';
import type { Database, MemberInvitationsTable } from '../../db/schema';
import { chunks } from './imports.repo';

/** The link was used, voided or outdated by another request in the meantime: the transaction is undone. */
export class InvitationTaken extends Error {}

export function invitationsRepo(db: Kysely<Database>) {
  return {
    /** The people to invite, with whether each was invited after `recent` (a second click). */
    async candidates(ids: string[], recent: string) {
      const found = [];
      for (const part of chunks(ids)) {
        const rows = await db
          .selectFrom('users as u')
          .select([
            'u.id',
            'u.email',
            'u.first_name',
            'u.role',
            'u.password_hash',
            'u.token_version',
            'u.tier_index',
            'u.last_renewed_date',
            'u.language',
            (eb) =>
              eb
                .exists(
                  eb
                    .selectFrom('member_invitations as mi')
                    .select('mi.id')
                    .whereRef('mi.user_id', '=', 'u.id')
                    .where('mi.created_at', '>', recent),
                )
                .as('invited_recently'),
          ])
          .where('u.id', 'in', part)
          .execute();
        found.push(...rows.map((r) => ({ ...r, invited_recently: Boolean(r.invited_recently) })));
      }
      return found;
    },
    /** A new invitation voids the person's open ones. */
    async voidOpen(userIds: string[], at: string): Promise<void> {
      await db
        .updateTable('member_invitations')
        .set({ voided_at: at })
        .where('user_id', 'in', userIds)
        .where('used_at', 'is', null)
        .where('voided_at', 'is', null)
        .execute();
    },
    async insert(row: Insertable<MemberInvitationsTable>): Promise<void> {
      await db.insertInto('member_invitations').values(row).execute();
    },
    findByHash(tokenHash: string) {
      return db
        .selectFrom('member_invitations as mi')
        .innerJoin('users as u', 'u.id', 'mi.user_id')
        .select([
          'mi.user_id',
          'mi.token_version',
          'mi.expires_at',
          'mi.used_at',
          'mi.voided_at',
          'u.token_version as current_token_version',
          'u.email',
          'u.first_name',
        ])
        .where('mi.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Claims the link (unused, not voided, the account unchanged since) and sets the password; false when another request got there first. */
    async accept(tokenHash: string, tokenVersion: number, passwordHash: string, at: string): Promise<boolean> {
      const invitation = await db
        .selectFrom('member_invitations')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!invitation) return false;
      const claimed = await db
        .updateTable('member_invitations')
        .set({ used_at: at })
        .where('id', '=', invitation.id)
        .where('used_at', 'is', null)
        .where('voided_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const changed = await db
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', invitation.user_id)
        .where('token_version', '=', tokenVersion)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new InvitationTaken();
      await db
        .updateTable('member_invitations')
        .set({ voided_at: at })
        .where('user_id', '=', invitation.user_id)
        .where('used_at', 'is', null)
        .where('voided_at', 'is', null)
        .execute();
      await db
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('user_id', '=', invitation.user_id)
        .where('used_at', 'is', null)
        .execute();
      return true;
    },
    /** The people an import created or updated (undefined: no such import). */
    async importPeople(importId: string): Promise<string[] | undefined> {
      const found = await db.selectFrom('imports').select('status').where('id', '=', importId).executeTakeFirst();
      if (!found || found.status === 'reading') return undefined;
      const rows = await db
        .selectFrom('import_rows')
        .select('user_id')
        .where('import_id', '=', importId)
        .where('file', '=', 'members')
        .where('state', '=', 'done')
        .where('action', 'in', ['create', 'update'])
        .where('user_id', 'is not', null)
        .orderBy('row_number')
        .execute();
      return rows.map((r) => r.user_id!);
    },
  };
}
