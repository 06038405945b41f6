import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emailKey } from '../../../shared/domain/email';
import { quoted, type AuditTrail } from '../../audit/audit-trail';
import type { PasswordHasher } from '../../auth/password';
import type { Database } from '../../db/schema';

/**
 * Getting back into the site from the server's shell (`npm run admin -- ...`), for when no admin
 * can sign in. Whoever runs these already controls the server, so they may do what the web never
 * allows: promote an existing account to admin, or set a password without the old one.
 */
export function accountRecovery(db: Kysely<Database>, passwords: PasswordHasher, audit: AuditTrail, clock: () => Date) {
  const generatePassword = () => randomBytes(12).toString('base64url');
  const fromShell = null; // the audit log shows "The site": no signed-in person made the change

  return {
    /** A new generated password; every session of the account ends and its lockout is lifted. */
    async resetPassword(email: string): Promise<{ password: string } | { error: string }> {
      const key = emailKey(email);
      const user = await db.selectFrom('users').select(['id', 'email']).where('email_key', '=', key).executeTakeFirst();
      if (!user) return { error: `No account has the e-mail address ${email}.` };
      const password = generatePassword();
      const hash = await passwords.hash(password);
      await audit.change(
        fromShell,
        async (trx) => {
          await trx
            .updateTable('users')
            .set((eb) => ({ password_hash: hash, token_version: eb('token_version', '+', 1) }))
            .where('id', '=', user.id)
            .execute();
          await trx.deleteFrom('sign_in_failures').where('email_key', '=', key).execute();
          await trx
            .updateTable('password_resets')
            .set({ used_at: clock().toISOString() })
            .where('user_id', '=', user.id)
            .where('used_at', 'is', null)
            .execute();
        },
        () => ({
          kind: 'role',
          action: 'changed',
          subject_id: user.id,
          summary: `Password of ${quoted(user.email)} reset from the server's command line`,
        }),
      );
      return { password };
    },

    /**
     * Removes every second factor of the account (authenticator app, recovery codes, passkeys), for
     * a person who lost theirs, and ends its sessions. They sign in with the password again; staff
     * are then taken to set up a new factor before their role works (decision 132).
     */
    async removeSecondFactors(email: string): Promise<{ removed: string[] } | { error: string }> {
      const key = emailKey(email);
      const user = await db.selectFrom('users').select(['id', 'email']).where('email_key', '=', key).executeTakeFirst();
      if (!user) return { error: `No account has the e-mail address ${email}.` };
      const removed = await audit.change(
        fromShell,
        async (trx) => {
          const gone: string[] = [];
          const totp = await trx.deleteFrom('totp_factors').where('user_id', '=', user.id).executeTakeFirst();
          if (Number(totp.numDeletedRows) > 0) gone.push('the authenticator app');
          const keys = await trx.deleteFrom('passkeys').where('user_id', '=', user.id).executeTakeFirst();
          if (Number(keys.numDeletedRows) > 0) gone.push(`${Number(keys.numDeletedRows)} passkey(s)`);
          const codes = await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).executeTakeFirst();
          if (Number(codes.numDeletedRows) > 0) gone.push('the recovery codes');
          await trx.deleteFrom('webauthn_challenges').where('user_id', '=', user.id).execute();
          // Sessions opened with a lost factor must not outlive it.
          await trx
            .updateTable('users')
            .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
            .where('id', '=', user.id)
            .execute();
          await trx
            .updateTable('sessions')
            .set({ ended_at: clock().toISOString() })
            .where('user_id', '=', user.id)
            .where('ended_at', 'is', null)
            .execute();
          return gone;
        },
        (gone) => ({
          kind: 'account',
          action: 'changed',
          subject_id: user.id,
          summary: `Second factors of ${quoted(user.email)} removed from the server's command line (${gone.length ? gone.join(', ') : 'there were none'}); sessions ended`,
        }),
      );
      return { removed };
    },

    /**
     * Makes EMAIL an admin: a new account with a generated password, or an existing account
     * promoted (its password unchanged). An admin already is left as it is.
     */
    async createAdmin(email: string): Promise<{ created: true; password: string } | { promoted: true } | { error: string }> {
      const key = emailKey(email);
      const existing = await db.selectFrom('users').select(['id', 'email', 'role']).where('email_key', '=', key).executeTakeFirst();
      if (existing?.role === 'admin')
        return {
          error: `${existing.email} is an admin already. To get in, reset its password: npm run admin -- reset-password ${existing.email}`,
        };
      if (existing) {
        await audit.change(
          fromShell,
          (trx) =>
            trx
              .updateTable('users')
              .set((eb) => ({ role: 'admin', token_version: eb('token_version', '+', 1) }))
              .where('id', '=', existing.id)
              .execute(),
          () => ({
            kind: 'role',
            action: 'changed',
            subject_id: existing.id,
            summary: `${quoted(existing.email)} made admin from the server's command line`,
          }),
        );
        return { promoted: true };
      }
      const password = generatePassword();
      const id = randomUUID();
      const hash = await passwords.hash(password);
      await audit.change(
        fromShell,
        (trx) =>
          trx
            .insertInto('users')
            .values({
              id,
              email: email.trim(),
              email_key: key,
              password_hash: hash,
              role: 'admin',
              first_name: 'Site',
              last_name: 'Administrator',
              created_at: clock().toISOString(),
            })
            .execute(),
        () => ({
          kind: 'role',
          action: 'created',
          subject_id: id,
          summary: `Admin account ${quoted(email.trim())} created from the server's command line`,
        }),
      );
      return { created: true, password };
    },
  };
}
