import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ImportAction } from '../../../shared/api/imports';
import { londonDayStart } from '../../../shared/domain/london-time';
import type { ConsentsTable, Database, GiftAidDeclarationsTable, MemberNotesTable, UsersTable } from '../../db/schema';
import { IMPORTABLE_COLUMNS, importsRepo, type ImportableColumn, type UserRecord } from './imports.repo';
import type { MemberData, PaymentData, RowError } from './row-checks';

/** What the site holds already about a row's person. */
export type Known = {
  users: Map<string, UserRecord>;
  consents: Map<string, number>;
  declarations: Set<string>;
  notes: Set<string>;
};

export type MemberPlan = {
  action: ImportAction;
  changes: string[];
  error?: RowError;
  user?: UserRecord;
  /** The account's new values (all given ones for a new account; what differs for an existing one). */
  patch: Partial<Record<ImportableColumn, string | number | null>>;
  consent: boolean;
  declaration: boolean;
  note: boolean;
};

type ProfileColumn = Exclude<ImportableColumn, 'import_id' | 'registered_date' | 'last_renewed_date'>;
const PROFILE_COLUMNS = IMPORTABLE_COLUMNS.filter(
  (c): c is ProfileColumn => c !== 'import_id' && c !== 'registered_date' && c !== 'last_renewed_date',
);

/** Reads what the site holds about these people, in one query per kind. */
export async function knownAbout(db: Kysely<Database>, emailKeys: string[]): Promise<Known> {
  const repo = importsRepo(db);
  const users = await repo.usersByEmail([...new Set(emailKeys)]);
  const ids = users.map((u) => u.id);
  return {
    users: new Map(users.map((u) => [u.email_key, u])),
    consents: await repo.latestConsents(ids),
    declarations: await repo.declarationDays(ids),
    notes: await repo.noteBodies(ids),
  };
}

/**
 * What a checked members row does (decision 110): a new account; or, for an existing member,
 * the values that differ, a membership never moved backwards (the later last renewal and the
 * earlier joining date win: a renewal paid on the site since the spreadsheet was made stands);
 * or nothing, when the site holds all of it already. Staff accounts are never changed.
 */
export function planMember(data: MemberData, known: Known): MemberPlan {
  const user = known.users.get(data.email_key);
  const plan: MemberPlan = { action: 'create', changes: [], patch: {}, consent: false, declaration: false, note: false, user };
  if (!user) {
    for (const column of PROFILE_COLUMNS) if (data[column] !== undefined) plan.patch[column] = data[column];
    if (data.registered_date) plan.patch.registered_date = data.registered_date;
    if (data.last_renewed_date) plan.patch.last_renewed_date = data.last_renewed_date;
    plan.consent = data.news_email !== undefined;
    plan.declaration = data.gift_aid !== undefined;
    plan.note = data.note !== undefined;
    return plan;
  }
  if (user.role !== 'member') {
    return {
      ...plan,
      action: 'error',
      error: { column: null, detail: `This address belongs to an ${user.role} account: the import never changes staff accounts` },
    };
  }
  for (const column of PROFILE_COLUMNS) {
    const value = data[column];
    if (value !== undefined && value !== user[column]) plan.patch[column] = value;
  }
  if (data.last_renewed_date && (!user.last_renewed_date || data.last_renewed_date > user.last_renewed_date))
    plan.patch.last_renewed_date = data.last_renewed_date;
  if (data.registered_date && (!user.registered_date || data.registered_date < user.registered_date))
    plan.patch.registered_date = data.registered_date;
  plan.consent = data.news_email !== undefined && known.consents.get(user.id) !== (data.news_email ? 1 : 0);
  plan.declaration = data.gift_aid !== undefined && !known.declarations.has(`${user.id}|${data.gift_aid.date}`);
  plan.note = data.note !== undefined && !known.notes.has(`${user.id}|${data.note}`);
  plan.changes = [
    ...Object.keys(plan.patch),
    ...(plan.consent ? ['news_email'] : []),
    ...(plan.declaration ? ['gift_aid'] : []),
    ...(plan.note ? ['note'] : []),
  ];
  plan.action = plan.changes.length ? 'update' : 'skip';
  return plan;
}

/** New rows of a batch, inserted together (a statement per table rather than per row keeps each batch short). */
export type BatchInserts = {
  users: Insertable<UsersTable>[];
  consents: Insertable<ConsentsTable>[];
  declarations: Insertable<GiftAidDeclarationsTable>[];
  notes: Insertable<MemberNotesTable>[];
};
export const emptyInserts = (): BatchInserts => ({ users: [], consents: [], declarations: [], notes: [] });

export async function insertBatch(trx: Kysely<Database>, inserts: BatchInserts): Promise<void> {
  // Accounts first: the others refer to them.
  if (inserts.users.length) await trx.insertInto('users').values(inserts.users).execute();
  if (inserts.consents.length) await trx.insertInto('consents').values(inserts.consents).execute();
  if (inserts.declarations.length) await trx.insertInto('gift_aid_declarations').values(inserts.declarations).execute();
  if (inserts.notes.length) await trx.insertInto('member_notes').values(inserts.notes).execute();
}

/**
 * Writes one planned members row in the caller's transaction (an update at once, new rows into
 * `inserts` for insertBatch); answers the account and its values before.
 */
export async function writeMember(
  trx: Kysely<Database>,
  importId: string,
  data: MemberData,
  plan: MemberPlan,
  now: string,
  actorId: string | null,
  inserts: BatchInserts,
): Promise<{ userId: string; before: Record<string, unknown> | null }> {
  let userId: string;
  let before: Record<string, unknown> | null = null;
  const user = plan.user;
  if (plan.action === 'create') {
    userId = randomUUID();
    const row: Insertable<UsersTable> = {
      ...(plan.patch as Partial<Insertable<UsersTable>>),
      id: userId,
      email: data.email,
      email_key: data.email_key,
      // No password until the person sets one from an invitation or "Forgot password".
      password_hash: '',
      role: 'member',
      first_name: data.first_name!,
      last_name: data.last_name!,
      created_at: now,
      import_id: importId,
    };
    inserts.users.push(row);
  } else {
    userId = user!.id;
    before = Object.fromEntries([...Object.keys(plan.patch), 'import_id'].map((c) => [c, user![c as ImportableColumn]]));
    await trx
      .updateTable('users')
      .set({ ...(plan.patch as Updateable<UsersTable>), import_id: importId })
      .where('id', '=', userId)
      .execute();
  }
  if (plan.consent)
    inserts.consents.push({
      id: randomUUID(),
      user_id: userId,
      email_key: data.email_key,
      news_email: data.news_email ? 1 : 0,
      source: data.news_email_source ?? 'import',
      // The words agreed to are not in the file: the version says where the record came from.
      wording_version: 'import',
      at: data.news_email_at ? londonDayStart(data.news_email_at) : now,
      import_id: importId,
    });
  if (plan.declaration && data.gift_aid)
    inserts.declarations.push({
      id: randomUUID(),
      donation_id: null,
      user_id: userId,
      title: data.title ?? user?.title ?? null,
      first_name: data.first_name ?? user!.first_name,
      last_name: data.last_name ?? user!.last_name,
      house: data.addr_line1 ?? user?.addr_line1 ?? '',
      postcode: data.addr_post ?? user?.addr_post ?? null,
      non_uk: 0,
      past_and_future: data.gift_aid.scope === 'past_and_future' ? 1 : 0,
      wording_version: 'import',
      declared_at: londonDayStart(data.gift_aid.date),
      import_id: importId,
    });
  if (plan.note && data.note)
    inserts.notes.push({ id: randomUUID(), user_id: userId, body: data.note, created_at: now, created_by: actorId, import_id: importId });
  return { userId, before };
}

export type PaymentRowData = PaymentData & { key: string };

/** Writes one past payment as a succeeded payment received by hand; false when the same row came in before. */
export async function writePayment(trx: Kysely<Database>, importId: string, data: PaymentRowData, user: UserRecord): Promise<boolean> {
  const at = londonDayStart(data.date);
  const how = [data.method, data.reference].filter(Boolean).join(' ');
  const result = await trx
    .insertInto('payments')
    .values({
      id: randomUUID(),
      kind: data.kind,
      status: 'succeeded',
      amount_pence: data.amount_pence,
      provider: 'offline',
      provider_ref: null,
      user_id: user.id,
      email: user.email,
      tier_index: data.kind === 'donation' ? null : user.tier_index,
      date_effective: data.date,
      reference_id: null,
      created_at: at,
      completed_at: at,
      note: how ? `Imported: ${how}` : 'Imported',
      import_id: importId,
      import_key: data.key,
    })
    .onConflict((oc) => oc.column('import_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
