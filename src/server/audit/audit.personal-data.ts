import { sql } from 'kysely';
import { ERASED, type PersonalDataCoverage } from '../privacy/personal-data';

export const ERASED_SUMMARY = 'Details of an erased account removed';

/**
 * The audit log stays whole (who changed what, when): entries about the person, or whose summary
 * names them by address or by name, keep their action and lose the rest; entries they made keep
 * the action without their address (decision 040). Runs after every other part: they leave the
 * ids of the records about the person (bookings, payments) in `subjects`.
 */
export const auditPersonalData: PersonalDataCoverage = {
  owner: 'audit log',
  tables: {
    audit_log: { personal: ['actor_id', 'actor_email', 'subject_id', 'summary'], export: 'audit_entries' },
  },
  async export(db, person) {
    const entries = await db
      .selectFrom('audit_log')
      .select(['at', 'kind', 'action', 'summary', 'actor_id'])
      .where((eb) => eb.or([eb('subject_id', '=', person.userId), eb('actor_id', '=', person.userId)]))
      .orderBy('seq')
      .execute();
    return { audit_entries: entries };
  },
  async erase(trx, erasure) {
    const subjects = [...erasure.subjects];
    // Summaries quote people ("Recorded £50.00 from ani@…", "Marked Ani Sargsyan <…> as attended"):
    // an address in any case, a name as the account spells it (it is quoted as it was then).
    const escaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const name = erasure.fullName.trim();
    await trx
      .updateTable('audit_log')
      .set({ summary: ERASED_SUMMARY })
      .where((eb) =>
        eb.or([
          ...(subjects.length ? [eb('subject_id', 'in', subjects)] : []),
          ...erasure.emailKeys.map((key) => sql<boolean>`lower(summary) like ${escaped(key)} escape '\\'`),
          ...(name.includes(' ') ? [sql<boolean>`summary like ${escaped(name)} escape '\\'`] : []),
        ]),
      )
      .execute();
    await trx.updateTable('audit_log').set({ actor_email: ERASED, actor_id: null }).where('actor_id', '=', erasure.userId).execute();
    await trx.updateTable('audit_log').set({ subject_id: null }).where('subject_id', '=', erasure.userId).execute();
  },
};
