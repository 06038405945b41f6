import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MEMBER_EMAIL_TAKEN, type addMemberRequest } from '../../../shared/api/imports';
import { emailKey } from '../../../shared/domain/email';
import { londonDate } from '../../../shared/domain/london-time';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict } from '../../http/errors';
import { ValidationError } from '../../http/validation';
import { recordConsent, wordingVersion } from '../../privacy/consents';
import type { InvitationsService } from './invitations.service';

export type AddMemberDeps = {
  db: Kysely<Database>;
  clock: () => Date;
  audit: AuditTrail;
  invitations: InvitationsService;
  /** The consent wording shown on the join form now (a site text). */
  consentWording: () => Promise<string>;
};

/**
 * The admin adds one person by hand (a member who joined on paper): the registration form's
 * fields and rules, the tier and dates as given, no password. A taken address is a 409 that does
 * not say whose account it is.
 */
export function addMemberService({ db, clock, audit, invitations, consentWording }: AddMemberDeps) {
  return {
    async add(form: z.output<typeof addMemberRequest>, actor: NonNullable<Actor>): Promise<{ _id: string; invited: boolean }> {
      const today = londonDate(clock());
      if (form.registered_date && form.registered_date > today)
        throw new ValidationError('registered_date: The joining date is in the future', 'registered_date');
      if (form.last_renewed_date && form.last_renewed_date > today)
        throw new ValidationError('last_renewed_date: The current year cannot start in the future', 'last_renewed_date');
      if (form.registered_date && form.last_renewed_date && form.registered_date > form.last_renewed_date)
        throw new ValidationError('registered_date: The joining date is after the start of the current year', 'registered_date');
      const key = emailKey(form.email);
      if (await db.selectFrom('users').select('id').where('email_key', '=', key).executeTakeFirst()) throw conflict(MEMBER_EMAIL_TAKEN);
      const version = wordingVersion(await consentWording());
      const id = randomUUID();
      const now = clock().toISOString();
      const { invite, news_email, email, tier_index, ...fields } = form;
      try {
        await audit.change(
          actor,
          async (trx) => {
            await trx
              .insertInto('users')
              .values({
                ...fields,
                id,
                email: email.trim(),
                email_key: key,
                // No password: the invitation (or "Forgot password") lets the person choose one.
                password_hash: '',
                role: 'member',
                tier_index,
                grad_year: tier_index === 2 ? fields.grad_year : null,
                registered_date: form.registered_date ?? form.last_renewed_date ?? today,
                last_renewed_date: form.last_renewed_date,
                created_at: now,
              })
              .execute();
            // The person's own choice, as they gave it to the admin (on a paper form).
            if (news_email) await recordConsent(trx, { userId: id, email, newsEmail: true, source: 'admin', version, at: now });
          },
          () => ({
            kind: 'account',
            action: 'created',
            subject_id: id,
            summary: `Added ${form.first_name} ${form.last_name} (${email}) by hand`,
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MEMBER_EMAIL_TAKEN);
        throw error;
      }
      const invited = invite ? (await invitations.invite([id], null, actor)).invited === 1 : false;
      return { _id: id, invited };
    },
  };
}
export type AddMemberService = ReturnType<typeof addMemberService>;
