import type { Kysely } from 'kysely';
import { londonDate } from '../../../shared/domain/london-time';
import { addDays, addYears, daysBetween, expiryDate, MEMBERSHIP_YEARS } from '../../../shared/domain/membership';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { hasOptedOut, MEMBERSHIP_REMINDERS, refusable } from '../../privacy/mail-choices';
import { reminderMail, type MailContext, type ReminderKind } from './membership.emails';
import { membershipRepo } from './membership.repo';
import { autoRenewalRepo } from './auto-renewal.repo';

/**
 * Which reminder is due with `daysLeft` days to expiry. A membership is valid on its expiry day
 * and lapses the day after. A run that comes late (a server was down) still sends the latest one.
 */
export function dueReminder(daysLeft: number): ReminderKind | undefined {
  if (daysLeft < 0) return daysLeft >= -30 ? 'lapsed' : undefined;
  if (daysLeft <= 7) return '7-days';
  if (daysLeft <= 30) return '30-days';
  return undefined;
}

/**
 * Sends renewal reminders 30 days and 7 days before a membership ends and after it lapses, each
 * once per member and membership year. The claim and the mail are one transaction, so a crash
 * loses neither alone and two servers running this at once send each reminder once; the member
 * is read again inside it, so one who renewed meanwhile gets nothing.
 */
export async function sendRenewalReminders(
  db: Kysely<Database>,
  mailer: Mailer,
  mailContext: () => Promise<MailContext>,
  clock: () => Date,
): Promise<number> {
  const today = () => londonDate(clock());
  const yearAgo = addYears(today(), -MEMBERSHIP_YEARS);
  // Memberships ending between 31 days ago and 31 days ahead.
  const candidates = await membershipRepo(db).renewedBetween(addDays(yearAgo, -31), addDays(yearAgo, 31));
  // Read before the transactions: on SQLite a transaction holds the one connection.
  const context = await mailContext();
  let sent = 0;
  for (const candidate of candidates) {
    const queued = await db.transaction().execute(async (trx) => {
      const repo = membershipRepo(trx);
      const member = await repo.member(candidate.id);
      if (!member?.last_renewed_date || member.tier_index === null) return false;
      // Renewing automatically: the 14-day notice tells them instead, and a lapse after the retries
      // has its own mail (decision 141). Only a lapse no charge was ever opened for is told here.
      if ((await autoRenewalRepo(trx).find(member.id))?.status === 'on') {
        const charge = await autoRenewalRepo(trx).charge(member.id, expiryDate(member.last_renewed_date));
        if (
          dueReminder(daysBetween(today(), expiryDate(member.last_renewed_date))) !== 'lapsed' ||
          (charge && charge.status !== 'superseded')
        )
          return false;
      }
      const expiry = expiryDate(member.last_renewed_date);
      const daysLeft = daysBetween(today(), expiry);
      const kind = dueReminder(daysLeft);
      if (!kind || !(await repo.claimReminder(member.id, expiry, kind, clock().toISOString()))) return false;
      // A member who left renewal reminders (their List-Unsubscribe, decision 122) gets none; the claim stays, so none later either.
      if (await hasOptedOut(trx, member.email, MEMBERSHIP_REMINDERS)) return false;
      const mail = reminderMail(member, kind, expiry, daysLeft, context);
      await mailer.queue(await refusable(trx, mail, MEMBERSHIP_REMINDERS, context, clock().toISOString(), member.language), trx);
      return true;
    });
    if (queued) sent++;
  }
  if (sent) mailer.deliverSoon();
  return sent;
}
