import type { Kysely } from 'kysely';
import { londonDate } from '../../../shared/domain/london-time';
import { addDays, addYears, daysBetween, expiryDate, MEMBERSHIP_YEARS } from '../../../shared/domain/membership';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { reminderMail, type MailContext, type ReminderKind } from './membership.emails';
import { membershipRepo } from './membership.repo';

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
 * Sends renewal reminders 30 days and 7 days before a membership ends and on the day it lapses,
 * each once per member and membership year: the reminder is claimed in the database before it is
 * sent, so two servers running this at once send it once.
 */
export async function sendRenewalReminders(
  db: Kysely<Database>,
  mailer: Mailer,
  mailContext: () => Promise<MailContext>,
  now: Date,
): Promise<number> {
  const repo = membershipRepo(db);
  const today = londonDate(now);
  // Memberships ending between 30 days ago and 30 days ahead.
  const candidates = await repo.renewedBetween(
    addDays(addYears(today, -MEMBERSHIP_YEARS), -31),
    addDays(addYears(today, -MEMBERSHIP_YEARS), 31),
  );
  let sent = 0;
  for (const member of candidates) {
    if (!member.last_renewed_date) continue;
    const expiry = expiryDate(member.last_renewed_date);
    const daysLeft = daysBetween(today, expiry);
    const kind = dueReminder(daysLeft);
    if (!kind) continue;
    if (!(await repo.claimReminder(member.id, expiry, kind, now.toISOString()))) continue;
    await mailer.queue(reminderMail(member, kind, expiry, await mailContext()));
    sent++;
  }
  if (sent) await mailer.deliver();
  return sent;
}
