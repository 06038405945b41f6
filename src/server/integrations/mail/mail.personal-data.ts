import type { PersonalDataCoverage } from '../../privacy/personal-data';
import { ERASED } from '../../privacy/personal-data';
import { addressIn } from '../../privacy/matching';

const ERASED_BODY = '(erased at the person’s request)';

/** The outbox: every message to the person, at any of their addresses (decision 099). */
export const mailPersonalData: PersonalDataCoverage = {
  owner: 'mail (the outbox)',
  tables: {
    outbox: {
      personal: ['to_address', 'text_body', 'html_body', 'attachments', 'on_expiry'],
      export: 'emails_sent',
      notPersonal: {
        subject: 'the site’s own words (a receipt, a reminder), or the admin’s subject of a message to many',
        claimed_by: 'the server sending it ("host:port")',
      },
    },
  },
  async export(db, person) {
    const emails = await db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'kind', 'created_at', 'status', 'sent_at'])
      .where(addressIn('to_address', person.emailKeys))
      .orderBy('id')
      .execute();
    return { emails_sent: emails };
  },
  /** Kept as a record that mail went out (kind, subject, dates); the address, the text and any attachment go. */
  async erase(trx, erasure) {
    await trx
      .updateTable('outbox')
      .set({
        to_address: ERASED,
        text_body: ERASED_BODY,
        html_body: `<p>${ERASED_BODY}</p>`,
        attachments: null,
        on_expiry: null,
      })
      .where(addressIn('to_address', erasure.emailKeys))
      .execute();
  },
};
