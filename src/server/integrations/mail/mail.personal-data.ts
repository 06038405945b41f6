import type { PersonalDataCoverage } from '../../privacy/personal-data';
import { ERASED } from '../../privacy/personal-data';
import { addressIn } from '../../privacy/matching';
import { MAIL_DELIVERY } from './mailer';

const ERASED_BODY = '(erased at the person’s request)';

/**
 * The outbox: every message to the person, at any of their addresses; and the addresses bulk mail
 * stopped going to after bounces (decision 123). Decision 099.
 */
export const mailPersonalData: PersonalDataCoverage = {
  owner: 'mail (the outbox and bounces)',
  tables: {
    outbox: {
      personal: ['to_address', 'text_body', 'html_body', 'attachments', 'on_expiry', 'unique_key', 'headers'],
      export: 'emails_sent',
      notPersonal: {
        subject: 'the site’s own words (a receipt, a reminder), or the admin’s subject of a message to many',
        claimed_by: 'the server sending it ("host:port")',
      },
    },
    mail_suppressions: { personal: ['email_key', 'email', 'last_error', 'lifted_by'], export: 'mail_suppression' },
    mail_pacer: { none: 'the next free slot for bulk mail, shared by every server' },
  },
  async export(db, person) {
    const emails = await db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'kind', 'created_at', 'status', 'sent_at'])
      .where(addressIn('to_address', person.emailKeys))
      .orderBy('id')
      .execute();
    const suppression = await db
      .selectFrom('mail_suppressions')
      .select(['email', 'temporary_failures', 'last_error', 'suppressed_at', 'reason', 'lifted_at'])
      .where('email_key', 'in', person.emailKeys)
      .execute();
    return { emails_sent: emails, mail_suppression: suppression };
  },
  /**
   * Mail not sent yet (a newsletter's message waiting its turn, a retry due) is cancelled. Every message
   * is kept as a record that mail went out (kind, subject, dates); the address, the text, any
   * attachment, and what names the address or acts for the person (a newsletter message's unique
   * key, its unsubscribe headers) go. Bounce records go too.
   */
  async erase(trx, erasure) {
    await trx
      .updateTable('outbox')
      .set({
        status: 'cancelled',
        last_error: 'Erased at the person’s request',
        next_attempt_at: null,
        lease_until: null,
        claimed_by: null,
      })
      .where(addressIn('to_address', erasure.emailKeys))
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['queued', 'sending']),
          eb.and([eb('status', '=', 'failed'), eb('attempts', '<', MAIL_DELIVERY.maxAttempts)]),
        ]),
      )
      .execute();
    await trx
      .updateTable('outbox')
      .set({
        to_address: ERASED,
        text_body: ERASED_BODY,
        html_body: `<p>${ERASED_BODY}</p>`,
        attachments: null,
        on_expiry: null,
        unique_key: null,
        headers: null,
      })
      .where(addressIn('to_address', erasure.emailKeys))
      .execute();
    await trx.deleteFrom('mail_suppressions').where('email_key', 'in', erasure.emailKeys).execute();
    await trx.updateTable('mail_suppressions').set({ lifted_by: null }).where('lifted_by', '=', erasure.userId).execute();
  },
};
