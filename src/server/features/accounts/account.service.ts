import type { Language } from '../../../shared/domain/language';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  EMAIL_LINK_INVALID,
  EMAIL_UNAVAILABLE,
  WRONG_PASSWORD,
  resendableMailKinds,
  type AccountDetails,
  type AccountPayment,
  type ConsentState,
  type accountDetails,
} from '../../../shared/api/account';
import { emailKey } from '../../../shared/domain/email';
import { fillText } from '../../../shared/domain/site-text-languages';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { PasswordHasher } from '../../auth/password';
import type { TokenClaims } from '../../auth/tokens';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors';
import type { PdfDocuments } from '../../pdf/pdf-documents';
import { wordsOf } from '../../pdf/pdf-document';
import type { Receipt, ReceiptWordKey } from '../../payments/receipt-pdf';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { tierByIndex } from '../../../shared/domain/tiers';
import type { RateLimiter } from '../../http/rate-limit';
import type { Mailer } from '../../integrations/mail/mailer';
import { mailIn, renderMailIn } from '../../integrations/mail/template';
import { paymentsRepo } from '../../payments/payments.repo';
import { NEWS_CONSENT_KEY, recordConsent, wordingVersion } from '../../privacy/consents';
import type { Person, PersonalDataRegistry } from '../../privacy/personal-data';
import { paymentSummary } from '../../payments/payment-summary';
import { accountRepo } from './account.repo';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { SessionsService } from './sessions.service';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;
/** A confirmation mail that cannot arrive with this much of its day left is not sent (decision 097). */
const LINK_MARGIN_MS = 60 * 60 * 1000;
const PASSWORD_MAX_FAILURES = 5;
const TOO_MANY_WRONG = 'Too many wrong passwords. Please wait 15 minutes and try again.';
export const EMAIL_CHANGE_MAIL = 'email-change';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type AccountDeps = {
  db: Kysely<Database>;
  passwords: PasswordHasher;
  sessions: SessionsService;
  mailer: Mailer;
  limiter: RateLimiter;
  audit: AuditTrail;
  clock: () => Date;
  publicUrl: string;
  siteText: (key: string) => Promise<string>;
  /** Every site text in a language at once: a receipt (decision 196) and a mail (decision 191) are written in their owner's. */
  textsIn: (language: Language) => Promise<(key: SiteTextKey) => string>;
  /** Every part's personal data, for the export and erasure (decision 099). */
  personalData: PersonalDataRegistry;
  /** Receipts are drawn on the PDF threads, each version once (decision 090). */
  pdfs: PdfDocuments;
  /** The logo from Settings when it is an uploaded image (PNG or JPEG bytes), else null: receipts carry it. */
  logo: () => Promise<Buffer | null>;
};

type Details = z.output<typeof accountDetails>;

/**
 * What a payment bought, as its receipt says it in its language: the tier by its site text, the
 * event by its Armenian title where it has one (decision 180); the records keep the English.
 */
function receiptDescription(
  payment: { kind: string; tier_index: number | null; event_title?: string | null; event_title_hy?: string | null },
  text: (key: SiteTextKey) => string,
  language: Language,
): string {
  if (payment.kind === 'donation') return text('pdf.receipt.donation');
  if (payment.kind === 'booking') {
    const title = (language === 'hy' && payment.event_title_hy) || payment.event_title;
    return title ? fillText(text('pdf.receipt.booking'), { title }) : text('pdf.receipt.booking_untitled');
  }
  const tier = payment.tier_index === null ? undefined : tierByIndex(payment.tier_index);
  const name = tier ? text(`tier.${tier.index}.name` as SiteTextKey) : text('pdf.receipt.membership_any');
  return fillText(text(payment.kind === 'registration' ? 'pdf.receipt.membership' : 'pdf.receipt.renewal'), { tier: name });
}

export function accountService({
  db,
  passwords,
  sessions,
  mailer,
  limiter,
  audit,
  clock,
  publicUrl,
  siteText,
  textsIn,
  personalData,
  pdfs,
  logo,
}: AccountDeps) {
  const repo = accountRepo(db);

  async function userOrThrow(id: string) {
    const user = await repo.user(id);
    if (!user) throw notFound('Account not found');
    return user;
  }

  /** Checks the member's password; wrong ones count, and five in 15 minutes lock the action. */
  async function checkPassword(user: { id: string; password_hash: string }, password: string): Promise<void> {
    const bucket = 'account-password';
    if ((await limiter.recent(bucket, user.id, PASSWORD_WINDOW_MS)) >= PASSWORD_MAX_FAILURES) throw tooManyRequests(TOO_MANY_WRONG, 900);
    if (await passwords.verify(password, user.password_hash)) return;
    await limiter.hit({ bucket, key: user.id, max: PASSWORD_MAX_FAILURES, windowMs: PASSWORD_WINDOW_MS }, TOO_MANY_WRONG);
    throw badRequest(WRONG_PASSWORD);
  }

  async function consentState(userId: string): Promise<ConsentState> {
    const user = await userOrThrow(userId);
    // News by e-mail as a whole; choices about one list or kind of mail (decision 122) have a topic.
    const latest = (await repo.consents(userId, user.email_key)).find((c) => c.topic === null);
    return { news_email: latest?.news_email === 1, changed_at: latest?.at ?? null };
  }

  /** The person as export and erasure look for them: the account, its addresses now and before, its name. */
  async function personOf(user: { id: string; email_key: string; first_name: string; last_name: string }): Promise<Person> {
    const earlier = (await repo.earlierAddresses(user.id)).map(emailKey).filter((key) => key.includes('@'));
    return {
      userId: user.id,
      emailKeys: [...new Set([user.email_key, ...earlier])],
      fullName: `${user.first_name} ${user.last_name}`.trim(),
    };
  }

  const service = {
    async details(userId: string): Promise<AccountDetails> {
      const details = await repo.details(userId);
      if (!details) throw notFound('Account not found');
      return details;
    },

    /** The registration form's rules; a graduation year is kept for Students only, as at registration. */
    async updateDetails(userId: string, details: Details, actor: NonNullable<Actor>): Promise<AccountDetails> {
      const user = await userOrThrow(userId);
      const changes = { ...details, grad_year: user.tier_index === 2 ? details.grad_year : null };
      const changed = Object.entries(changes)
        .filter(([key, value]) => user[key as keyof typeof user] !== value)
        .map(([key]) => key);
      await audit.change(
        actor,
        (trx) => repo.updateUser(trx, userId, changes),
        () =>
          changed.length
            ? { kind: 'account', action: 'updated', subject_id: userId, summary: `Details changed: ${changed.join(', ')}` }
            : [],
      );
      return service.details(userId);
    },

    async updateName(userId: string, name: { first_name: string; last_name: string }, actor: NonNullable<Actor>): Promise<AccountDetails> {
      await userOrThrow(userId);
      await audit.change(
        actor,
        (trx) => repo.updateUser(trx, userId, name),
        () => ({ kind: 'account', action: 'updated', subject_id: userId, summary: 'Name changed' }),
      );
      return service.details(userId);
    },

    /** The language of the member's mail and documents, chosen in My Profile (decisions 150, 191). */
    async updateLanguage(userId: string, language: Language, actor: NonNullable<Actor>): Promise<void> {
      await userOrThrow(userId);
      await audit.change(
        actor,
        (trx) => repo.setLanguage(trx, userId, language),
        () => ({ kind: 'account', action: 'updated', subject_id: userId, summary: `Language changed to ${language}` }),
      );
    },

    /**
     * Changes the password and ends every other session (the version tokens carry, and their
     * rows); this session goes on under a fresh token.
     */
    async changePassword(userId: string, current: string, next: string, claims: TokenClaims): Promise<string> {
      const user = await userOrThrow(userId);
      passwords.refuseWhenBusy();
      await checkPassword(user, current);
      const hash = await passwords.hash(next);
      return audit.change(
        { id: user.id, email: user.email },
        async (trx) => {
          await repo.setPassword(trx, userId, hash);
          await sessions.endOthers(userId, claims.jti, trx);
          return sessions.reissue((await repo.user(userId, trx))!, claims.jti, new Date(claims.exp * 1000), trx);
        },
        () => ({ kind: 'account', action: 'changed', subject_id: userId, summary: 'Password changed; other sessions ended' }),
      );
    },

    /**
     * Records the change (token hashed, 24 hours, single use) and queues the link to the new
     * address and a notice to the old one in one transaction. An address in use gets the same
     * answer as a free one would not: it is refused, without saying whose it is.
     */
    async requestEmailChange(userId: string, newEmail: string, password: string, sessionId: string | null = null): Promise<void> {
      const user = await userOrThrow(userId);
      await checkPassword(user, password);
      await limiter.hit({ bucket: 'email-change', key: user.id, max: 5, windowMs: DAY }, 'Too many requests. Please try again tomorrow.');
      if (emailKey(newEmail) === user.email_key) throw badRequest('This is already your e-mail address');
      if (await repo.emailTaken(emailKey(newEmail))) throw conflict(EMAIL_UNAVAILABLE);
      const token = randomBytes(24).toString('base64url');
      const now = clock();
      // In the member's language, with links to the pages in it (decision 191).
      const { ctx, words } = await mailIn(user.language, { siteName: await siteText('site_name'), publicUrl, textsIn });
      const { text, language } = words;
      const values = { site: ctx.siteName, email: newEmail };
      const written = (paragraphs: SiteTextKey[], action?: { label: SiteTextKey; url: string }) =>
        renderMailIn(words, ctx, {
          name: user.first_name,
          paragraphs: paragraphs.map((key) => fillText(text(key), values)),
          ...(action ? { action: { label: text(action.label), url: action.url } } : {}),
        });
      const link = written(['mail.email_change.body', 'mail.email_change.ignore'], {
        label: 'mail.email_change.action',
        url: pageUrl(publicUrl, 'confirmEmail', { token }, language),
      });
      const notice = written(['mail.email_change.notice_body', 'mail.email_change.notice_warning']);
      const expired = written(['mail.email_change.expired_body', 'mail.email_change.expired_ask'], {
        label: 'mail.email_change.expired_action',
        url: pageUrl(publicUrl, 'profile', {}, language),
      });
      await inTransaction(db, async (trx) => {
        await repo.replaceEmailChange(trx, {
          token_hash: sha256(token),
          user_id: user.id,
          new_email: newEmail,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + DAY).toISOString(),
          used_at: null,
          session_id: sessionId,
        });
        await mailer.queue(
          {
            to: newEmail,
            subject: text('mail.email_change.subject'),
            kind: EMAIL_CHANGE_MAIL,
            ...link,
            expiresAt: new Date(now.getTime() + DAY - LINK_MARGIN_MS).toISOString(),
            onExpiry: { subject: text('mail.email_change.expired_subject'), ...expired },
          },
          trx,
        );
        await mailer.queue(
          { to: user.email, subject: text('mail.email_change.notice_subject'), kind: 'email-change-notice', ...notice },
          trx,
        );
      });
      mailer.deliverSoon();
    },

    /** Opens the link: the address changes once, if it is still free; the account's other sessions end (decision 133). */
    async confirmEmailChange(token: string): Promise<string> {
      const at = clock().toISOString();
      try {
        return await inTransaction(db, async (trx) => {
          const change = await repo.claimEmailChange(trx, sha256(token), at);
          if (!change) throw badRequest(EMAIL_LINK_INVALID);
          const user = await repo.user(change.user_id, trx);
          if (!user) throw badRequest(EMAIL_LINK_INVALID);
          if (await repo.emailTaken(emailKey(change.new_email), trx)) throw conflict(EMAIL_UNAVAILABLE);
          await repo.updateUser(trx, user.id, { email: change.new_email, email_key: emailKey(change.new_email) });
          await sessions.endOthers(user.id, change.session_id, trx);
          await trx
            .insertInto('audit_log')
            .values({
              at,
              actor_id: user.id,
              actor_email: change.new_email,
              kind: 'account',
              action: 'changed',
              subject_id: user.id,
              summary: `E-mail changed from ${user.email} to ${change.new_email} (confirmed by link); other sessions ended`,
            })
            .execute();
          return change.new_email;
        });
      } catch (error) {
        // Someone registered the address between the check and the change.
        if (isUniqueViolation(error)) throw conflict(EMAIL_UNAVAILABLE);
        throw error;
      }
    },

    async payments(userId: string): Promise<AccountPayment[]> {
      const user = await userOrThrow(userId);
      return (await repo.payments(userId, user.email_key)).map(paymentSummary);
    },

    /**
     * The PDF receipt of one of the member's own payments whose money arrived; anything else is 404.
     * Written in the member's language unless `language` names one (decision 196). `ip`: for the limits on drawing.
     */
    async receipt(userId: string, paymentId: string, ip: string, asked?: Language): Promise<Buffer> {
      const user = await userOrThrow(userId);
      const payment = (await repo.payments(userId, user.email_key)).find((p) => p.id === paymentId);
      const shown = payment && paymentSummary(payment);
      if (!payment || !shown?.has_receipt) throw notFound('Receipt not found');
      const language = asked ?? user.language;
      const [text, charityNumber, image] = await Promise.all([textsIn(language), siteText('charity_number'), logo()]);
      // Every payment whose money arrived got its number then (decision 104); one from before
      // the numbers that the migration could not see gets the next one now, once.
      const number =
        payment.receipt_number ??
        (await inTransaction(db, (trx) => paymentsRepo(trx).allocateReceiptNumber(payment.id, payment.completed_at!)));
      const receipt: Receipt = {
        language,
        words: wordsOf<ReceiptWordKey>(text, 'pdf.receipt.'),
        siteName: text('site_name'),
        logo: image,
        charityNumber: charityNumber.trim(),
        receiptNumber: number,
        memberName: `${user.first_name} ${user.last_name}`.trim(),
        // The address the payment was made with, not the account's address today.
        email: payment.email,
        description: receiptDescription(payment, text, language),
        period: payment.period_start && payment.period_end ? { start: payment.period_start, end: payment.period_end } : null,
        amountPence: payment.amount_pence,
        refundedPence: payment.refunded_pence,
        paidAt: payment.completed_at!,
      };
      return pdfs.get('receipt', receipt, { account: userId, ip });
    },

    consent: consentState,

    async setConsent(userId: string, newsEmail: boolean): Promise<ConsentState> {
      const user = await userOrThrow(userId);
      // Read before the transaction: on SQLite it holds the one connection.
      const version = wordingVersion(await siteText(NEWS_CONSENT_KEY));
      await inTransaction(db, (trx) =>
        recordConsent(trx, { userId: user.id, email: user.email, newsEmail, source: 'profile', version, at: clock().toISOString() }),
      );
      return consentState(userId);
    },

    /**
     * Everything held about the member (UK GDPR, right of access), as one JSON document: every
     * part of the site that keeps personal data gives its section (decision 099).
     */
    async export(userId: string): Promise<string> {
      const user = await userOrThrow(userId);
      const document = {
        exported_at: clock().toISOString(),
        site: await siteText('site_name'),
        ...(await personalData.export(await personOf(user))),
      };
      return JSON.stringify(document, null, 2);
    },

    /**
     * Erases the account after checking the password (decision record 040). Every session ends
     * with the row. What the law requires is kept, without the personal details around it.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await userOrThrow(userId);
      await checkPassword(user, password);
      await service.erase(user.id, { id: user.id, email: user.email }, 'at their own request');
    },

    /** The admin corrects an address: at once, no link; both addresses are told, in the change's transaction. */
    async adminChangeEmail(userId: string, newEmail: string, actor: NonNullable<Actor>): Promise<void> {
      const user = await userOrThrow(userId);
      if (emailKey(newEmail) === user.email_key) return;
      if (await repo.emailTaken(emailKey(newEmail))) throw conflict(EMAIL_UNAVAILABLE);
      // In the member's language (decision 191).
      const { ctx, words } = await mailIn(user.language, { siteName: await siteText('site_name'), publicUrl, textsIn });
      const values = { site: ctx.siteName, old: user.email, new: newEmail };
      const notice = (to: 'old' | 'new') =>
        renderMailIn(words, ctx, {
          name: user.first_name,
          paragraphs: [
            fillText(words.text('mail.email_changed.body'), values),
            words.text(to === 'new' ? 'mail.email_changed.new' : 'mail.email_changed.old'),
          ],
        });
      try {
        await audit.change(
          actor,
          async (trx) => {
            await repo.updateUser(trx, user.id, { email: newEmail, email_key: emailKey(newEmail) });
            // The account's name for signing in changed: every session of it ends.
            await sessions.endOthers(user.id, null, trx);
            const subject = words.text('mail.email_changed.subject');
            await mailer.queue({ to: newEmail, subject, kind: 'email-changed', ...notice('new') }, trx);
            await mailer.queue({ to: user.email, subject, kind: 'email-changed', ...notice('old') }, trx);
          },
          () => ({ kind: 'account', action: 'changed', subject_id: user.id, summary: `E-mail changed from ${user.email} to ${newEmail}` }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_UNAVAILABLE);
        throw error;
      }
      mailer.deliverSoon();
    },

    async consentHistory(userId: string) {
      const user = await userOrThrow(userId);
      return (await repo.consents(userId, user.email_key)).map((c) => ({
        news_email: c.news_email === 1,
        source: c.source,
        wording_version: c.wording_version,
        at: c.at,
      }));
    },

    /** The welcome and receipts sent to the member's current and earlier addresses. */
    async resendableMail(userId: string) {
      const user = await userOrThrow(userId);
      const addresses = [user.email_key, ...(await repo.emailChanges(userId)).map((c) => emailKey(c.new_email))];
      return (await repo.mailOfKinds([...new Set(addresses)], resendableMailKinds)).map((m) => ({
        _id: m.id,
        subject: m.subject,
        kind: m.kind,
        to: m.to_address,
        created_at: m.created_at,
      }));
    },

    /** Sends one of those again, as it was, to the member's current address (audited with the mail, in one transaction). */
    async resend(userId: string, outboxId: number, actor: NonNullable<Actor>): Promise<void> {
      const user = await userOrThrow(userId);
      const message = (await service.resendableMail(userId)).find((m) => m._id === outboxId);
      const original = message && (await repo.outboxMessage(outboxId));
      if (!original) throw notFound('No such message for this member');
      await audit.change(
        actor,
        (trx) =>
          mailer.queue(
            { to: user.email, subject: original.subject, kind: original.kind, text: original.text_body, html: original.html_body },
            trx,
          ),
        () => ({ kind: 'account', action: 'recorded', subject_id: user.id, summary: `Sent again: "${original.subject}" to ${user.email}` }),
      );
      mailer.deliverSoon();
    },

    /** Erasure itself, by the member or by the admin acting on the member's request: everywhere, in one transaction. */
    async erase(userId: string, actor: NonNullable<Actor>, why: string): Promise<void> {
      const user = await userOrThrow(userId);
      if (user.role === 'admin')
        throw conflict('An admin account cannot be erased: make another admin and take this one’s rights away first');
      await personalData.erase(await personOf(user), (work) =>
        audit.change(actor.id === userId ? null : actor, work, () => ({
          kind: 'account',
          action: 'deleted',
          subject_id: null,
          summary: `An account was erased ${why}`,
        })),
      );
    },
  };
  return service;
}
export type AccountService = ReturnType<typeof accountService>;
