import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { INVITATION_DAYS, INVITATION_INVALID } from '../../../shared/api/imports';
import { tierByIndex } from '../../../shared/domain/tiers';
import { expiryDate } from '../../../shared/domain/membership';
import { formatLongDate } from '../../../shared/domain/dates';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { PasswordHasher } from '../../auth/password';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { INVITATION_MAIL, type Mailer } from '../../integrations/mail/mailer';
import { outboxRepo } from '../../integrations/mail/outbox.repo';
import { mailIn, renderMailIn, type TextsIn } from '../../integrations/mail/template';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { fillText } from '../../../shared/domain/site-text-languages';
import { chunks } from './imports.repo';
import { InvitationTaken, invitationsRepo } from './invitations.repo';

const DAY = 24 * 60 * 60 * 1000;
/**
 * Invitations leave one every two seconds (30 a minute), however many are sent at once, so an
 * association's whole list does not hit its mail provider's sending limits in one burst.
 */
export const INVITATION_SPACING_MS = 2000;
/** A person invited this recently is not invited again by another click (the first link stands). */
const RECENTLY_MS = 60 * 1000;

/** Links carry 192 random bits; only the hash is stored, so the database opens no account. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type InvitationsDeps = {
  db: Kysely<Database>;
  clock: () => Date;
  audit: AuditTrail;
  mailer: Mailer;
  passwords: PasswordHasher;
  publicUrl: string;
  siteName: () => Promise<string>;
  /** The site's texts in a language: each invitation in its reader's (decision 191). */
  textsIn?: TextsIn;
};

export function invitationsService({ db, clock, audit, mailer, passwords, publicUrl, siteName, textsIn }: InvitationsDeps) {
  const repo = invitationsRepo(db);

  async function usable(token: string) {
    const found = await repo.findByHash(hashOf(token));
    const valid =
      found !== undefined &&
      found.used_at === null &&
      found.voided_at === null &&
      found.expires_at > clock().toISOString() &&
      found.token_version === found.current_token_version;
    return valid ? found : undefined;
  }

  return {
    /**
     * Invites people without a password to set one (decision 111). Each invitation voids the
     * person's older links and is queued with its mail in one transaction, a batch at a time, at a
     * steady rate behind any invitations still waiting. Staff, people with a password and people
     * invited a moment ago are left out.
     */
    async invite(userIds: string[], importId: string | null, actor: NonNullable<Actor>) {
      const now = clock();
      const recent = new Date(now.getTime() - RECENTLY_MS).toISOString();
      const order = new Map([...new Set(userIds)].map((id, i) => [id, i]));
      // In the order given (an import's rows): the first rows' people are invited first.
      const candidates = (await repo.candidates([...order.keys()], recent)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      const eligible = candidates.filter((c) => c.role === 'member' && c.password_hash === '' && !c.invited_recently);
      const skipped = userIds.length - eligible.length;
      if (eligible.length === 0) return { invited: 0, skipped, sending_until: null };
      const name = await siteName();
      // Read before the transactions: on SQLite a transaction holds the one connection.
      const inLanguage = {
        en: await mailIn('en', { siteName: name, publicUrl, textsIn }),
        hy: await mailIn('hy', { siteName: name, publicUrl, textsIn }),
      };
      const latest = await outboxRepo(db).lastNotBefore(INVITATION_MAIL);
      let slot = Math.max(now.getTime(), latest ? Date.parse(latest) + INVITATION_SPACING_MS : 0);
      const expires = new Date(now.getTime() + INVITATION_DAYS * DAY);
      for (const part of chunks(eligible, 100)) {
        await audit.change(
          actor,
          async (trx) => {
            const trxRepo = invitationsRepo(trx);
            await trxRepo.voidOpen(
              part.map((p) => p.id),
              now.toISOString(),
            );
            for (const person of part) {
              const token = randomBytes(24).toString('base64url');
              // In the person's language, linking to the page in it (decision 191).
              const { ctx, words } = inLanguage[person.language];
              const { text, language } = words;
              const tier = person.tier_index === null ? undefined : tierByIndex(person.tier_index);
              const values = {
                site: name,
                days: String(INVITATION_DAYS),
                tier: tier ? (language === 'en' ? tier.name : text(`tier.${tier.index}.name` as SiteTextKey)) : '',
                date: person.last_renewed_date ? formatLongDate(expiryDate(person.last_renewed_date), language) : '',
              };
              const membership = text(tier && person.last_renewed_date ? 'mail.invitation.membership' : 'mail.invitation.details');
              const body = renderMailIn(words, ctx, {
                name: person.first_name,
                paragraphs: [
                  `${fillText(text('mail.invitation.body'), values)} ${fillText(membership, values)}`,
                  fillText(text('mail.invitation.password'), values),
                  text('mail.invitation.ignore'),
                ],
                action: { label: text('mail.invitation.action'), url: pageUrl(publicUrl, 'invitation', { token }, language) },
              });
              const outboxId = await mailer.queue(
                {
                  to: person.email,
                  subject: fillText(text('mail.invitation.subject'), values),
                  kind: INVITATION_MAIL,
                  notBefore: new Date(slot).toISOString(),
                  ...body,
                },
                trx,
              );
              slot += INVITATION_SPACING_MS;
              await trxRepo.insert({
                id: randomUUID(),
                user_id: person.id,
                token_hash: hashOf(token),
                token_version: person.token_version,
                import_id: importId,
                created_at: now.toISOString(),
                created_by: actor.id,
                expires_at: expires.toISOString(),
                used_at: null,
                voided_at: null,
                outbox_id: outboxId,
              });
            }
          },
          () =>
            part.length === 1
              ? {
                  kind: 'account',
                  action: 'mailed',
                  subject_id: part[0]!.id,
                  summary: `Invited ${part[0]!.email} to choose a password`,
                }
              : {
                  kind: 'account',
                  action: 'mailed',
                  subject_id: importId,
                  summary: `Invited ${part.length} people to choose a password${importId ? ' (from an import)' : ''}`,
                },
        );
      }
      mailer.deliverSoon();
      return { invited: eligible.length, skipped, sending_until: new Date(slot - INVITATION_SPACING_MS).toISOString() };
    },

    /** Opening the link only looks: a mail scanner following it uses nothing up. */
    async check(token: string) {
      const found = await usable(token);
      return { valid: Boolean(found), email: found?.email ?? null, first_name: found?.first_name ?? null };
    },

    /**
     * Sets the password from the link, once however often it is sent: the link is claimed by an
     * update that requires it unused, in the transaction that sets the password, ends any session
     * (token version) and voids the person's other links and reset links.
     */
    async accept(token: string, newPassword: string): Promise<{ email: string }> {
      const found = await usable(token);
      if (!found) throw badRequest(INVITATION_INVALID);
      const hash = await passwords.hash(newPassword);
      const at = clock().toISOString();
      const claimed = await audit
        .change(
          { id: found.user_id, email: found.email },
          (trx) => invitationsRepo(trx).accept(hashOf(token), found.token_version, hash, at),
          (ok) =>
            ok ? { kind: 'account', action: 'changed', subject_id: found.user_id, summary: 'Chose a password from an invitation' } : [],
        )
        .catch((error: unknown) => {
          if (error instanceof InvitationTaken) return false;
          throw error;
        });
      if (!claimed) throw badRequest(INVITATION_INVALID);
      return { email: found.email };
    },

    /** For the admin: the import's people (all it created or updated) as invitation targets. */
    async importPeople(importId: string): Promise<string[]> {
      const ids = await repo.importPeople(importId);
      if (ids === undefined) throw notFound('Import not found');
      return ids;
    },
  };
}
export type InvitationsService = ReturnType<typeof invitationsService>;
