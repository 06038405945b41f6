import type { PersonalDataCoverage } from '../../privacy/personal-data';

/**
 * What imports hold about a person (decisions 110, 111): the rows read from the association's
 * files (their values, and the account's values an import changed), the admin's notes and the
 * invitations to set a password. All go with erasure; an import itself keeps only its counts.
 */
export const importsPersonalData: PersonalDataCoverage = {
  owner: 'imports',
  tables: {
    imports: {
      personal: ['created_by', 'committed_by'],
      export: { omitted: 'which admin uploaded and committed a file: the person’s own rows are in imported_rows' },
      notPersonal: {
        file_name: 'the name of the association’s spreadsheet',
        details: 'the columns found and how they were mapped',
        planned: 'counts of what the dry run found',
        done: 'counts of what the commit did',
      },
    },
    import_rows: { personal: ['email_key', 'user_id', 'data', 'errors', 'changes', 'before'], export: 'imported_rows' },
    member_notes: { personal: ['user_id', 'body', 'created_by'], export: 'notes' },
    member_invitations: {
      personal: ['user_id', 'created_by'],
      export: 'invitations',
      notPersonal: { token_hash: 'the hash of the invitation link’s secret' },
    },
  },

  async export(db, person) {
    const rows = await db
      .selectFrom('import_rows as r')
      .innerJoin('imports as i', 'i.id', 'r.import_id')
      .select(['i.file_name', 'i.created_at', 'r.file', 'r.row_number', 'r.data'])
      .where((eb) => eb.or([eb('r.user_id', '=', person.userId), eb('r.email_key', 'in', person.emailKeys)]))
      .orderBy('i.created_at')
      .execute();
    return {
      notes: await db
        .selectFrom('member_notes')
        .select(['body', 'created_at'])
        .where('user_id', '=', person.userId)
        .orderBy('created_at')
        .execute(),
      // Never their links.
      invitations: await db
        .selectFrom('member_invitations')
        .select(['created_at', 'expires_at', 'used_at', 'voided_at'])
        .where('user_id', '=', person.userId)
        .orderBy('created_at')
        .execute(),
      imported_rows: rows.map((r) => ({
        file_name: r.file_name,
        imported_at: r.created_at,
        file: r.file,
        row: r.row_number,
        values: JSON.parse(r.data) as unknown,
      })),
    };
  },

  async erase(trx, erasure) {
    await trx
      .deleteFrom('import_rows')
      .where((eb) => eb.or([eb('user_id', '=', erasure.userId), eb('email_key', 'in', erasure.emailKeys)]))
      .execute();
    await trx.deleteFrom('member_notes').where('user_id', '=', erasure.userId).execute();
    await trx.deleteFrom('member_invitations').where('user_id', '=', erasure.userId).execute();
    // An admin's own trail: the notes they wrote and the files they imported stay, without them.
    await trx.updateTable('member_notes').set({ created_by: null }).where('created_by', '=', erasure.userId).execute();
    await trx.updateTable('member_invitations').set({ created_by: null }).where('created_by', '=', erasure.userId).execute();
    await trx.updateTable('imports').set({ created_by: null }).where('created_by', '=', erasure.userId).execute();
    await trx.updateTable('imports').set({ committed_by: null }).where('committed_by', '=', erasure.userId).execute();
  },
};
