import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const ERASED = 'erased';

/**
 * Erases a person from every table, in the caller's transaction (decision record 040): the
 * account row goes; payments keep amount, dates and status (accounting records) without name,
 * address or note; donations keep amount and date; Gift Aid declarations are kept whole (HMRC
 * may ask for them for six years after the last claimed donation); mail bodies, consents,
 * pending registrations, sign-in attempts and limits under the address go, and so do imported
 * rows, notes and invitations, and the person's newsletter choices, link tokens, bounce records
 * and newsletter recipient rows; audit entries about
 * the person lose the personal details of their summary.
 */
export async function erasePerson(trx: Kysely<Database>, userId: string, addresses: string[]): Promise<void> {
  const keys = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  const byAddress = (column: string) => sql<boolean>`lower(${sql.ref(column)}) in (${sql.join(keys)})`;

  await trx
    .updateTable('payments')
    .set({ email: ERASED, user_id: null, note: null, client_address: null })
    .where((eb) => eb.or([eb('user_id', '=', userId), byAddress('email')]))
    .execute();
  await trx.updateTable('donations').set({ email: ERASED, name: null }).where(byAddress('email')).execute();
  await trx.deleteFrom('pending_registrations').where(byAddress('email')).execute();
  // Mail not sent yet (a newsletter's message waiting its turn) is not sent now.
  await trx
    .updateTable('outbox')
    .set({ status: 'cancelled', last_error: 'Erased at the person’s request', next_attempt_at: null })
    .where(byAddress('to_address'))
    .where('status', 'in', ['queued', 'failed', 'sending'])
    .execute();
  // A newsletter message's unique key names the address too (decision 121).
  await trx
    .updateTable('outbox')
    .set({
      to_address: ERASED,
      text_body: '(erased at the person’s request)',
      html_body: '<p>(erased at the person’s request)</p>',
      unique_key: null,
      headers: null,
    })
    .where(byAddress('to_address'))
    .execute();
  await trx
    .deleteFrom('consents')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email_key', 'in', keys)]))
    .execute();
  // Newsletters (decision 122): current choices, link tokens, bounce records and who each newsletter went to.
  await trx
    .deleteFrom('email_subscriptions')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email_key', 'in', keys)]))
    .execute();
  await trx.deleteFrom('unsubscribe_tokens').where('email_key', 'in', keys).execute();
  await trx.deleteFrom('mail_suppressions').where('email_key', 'in', keys).execute();
  await trx.deleteFrom('newsletter_recipients').where('email_key', 'in', keys).execute();
  await trx.deleteFrom('sign_in_failures').where('email_key', 'in', keys).execute();
  await trx.deleteFrom('rate_limit_hits').where('key', 'in', keys).execute();
  // Summaries name people ("Recorded £50.00 from ani@…"): those about this person keep only what happened.
  await trx
    .updateTable('audit_log')
    .set({ summary: 'Details of an erased account removed' })
    .where((eb) => eb.or([eb('subject_id', '=', userId), ...keys.map((key) => eb(sql<string>`lower(summary)`, 'like', `%${key}%`))]))
    .execute();
  await trx.updateTable('audit_log').set({ actor_email: ERASED }).where('actor_id', '=', userId).execute();
  // What imports hold about the person: the rows read from the files (their values), the admin's
  // notes and invitations (decisions 110, 111). A standing Gift Aid declaration is kept (above).
  await trx
    .deleteFrom('import_rows')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email_key', 'in', keys)]))
    .execute();
  await trx.deleteFrom('member_notes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('member_invitations').where('user_id', '=', userId).execute();
  // password_resets, reminders_sent, email_changes, the second factors (authenticator app, recovery
  // codes, passkeys, WebAuthn challenges), sessions and known devices go with the row (ON DELETE CASCADE).
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
