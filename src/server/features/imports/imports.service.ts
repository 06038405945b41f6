import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import {
  IMPORT_LIMITS,
  type ImportResponse,
  type ImportRowOutcome,
  type ImportSummary,
  type MemberMapping,
  type PaymentMapping,
} from '../../../shared/api/imports';
import { toCsv } from '../../../shared/domain/csv';
import { londonDate } from '../../../shared/domain/london-time';
import {
  dateFormats,
  guessMemberMapping,
  guessPaymentMapping,
  memberFields,
  paymentFields,
  type DateFormat,
  type MemberField,
  type PaymentField,
} from '../../../shared/domain/member-file';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { Dialect } from '../../db/database';
import type { Database, ImportRowsTable } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ValidationError } from '../../http/validation';
import { importsRepo, type ImportableColumn } from './imports.repo';
import { emptyInserts, insertBatch, knownAbout, planMember, writeMember, writePayment, type PaymentRowData } from './plan';
import { checkMemberRow, checkPaymentRow, overlongCell, paymentKey, type ColumnsOf, type MemberData, type RowError } from './row-checks';
import { readSpreadsheet, refused, type Cell, type SheetRow } from './spreadsheet';
import { mergeMemberSearchIndex } from '../../db/member-search-index';

export type Upload = { name: string; data: Buffer };
export type DryRunRequest = {
  members: Upload;
  payments?: Upload;
  mapping: MemberMapping;
  paymentsMapping: PaymentMapping;
  dateFormat: DateFormat;
};

/**
 * Rows checked against the database together, and written together in one commit transaction:
 * small enough that a transaction (which holds SQLite's one connection) takes milliseconds, so
 * other requests are answered while an import runs (the bench measures /api/health meanwhile).
 */
const READ_BATCH = 200;
const WRITE_BATCH = 50;
/** Rows checked between two turns given to other requests. */
const ROWS_PER_TURN = 25;
/** A commit's claim: renewed with every batch; a crashed commit's claim lapses after this. */
const LEASE_MS = 2 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

type Details = {
  columns: string[];
  mapping: MemberMapping;
  payments: { file_name: string; encoding: string; columns: string[]; mapping: PaymentMapping } | null;
};
type Summaries = { members: ImportSummary; payments: ImportSummary };

const emptySummary = (): ImportSummary => ({ create: 0, update: 0, skip: 0, error: 0 });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function summaryOf(outcomes: Pick<ImportRowOutcome, 'file' | 'action'>[]): Summaries {
  const summaries = { members: emptySummary(), payments: emptySummary() };
  for (const o of outcomes) summaries[o.file][o.action]++;
  return summaries;
}

/** Headers made unique and never empty, so a mapping can name each column. */
function columnNames(header: Cell[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell, i) => {
    const base = cell.text.trim() || `Column ${i + 1}`;
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

function resolveMapping<F extends string>(
  fields: readonly F[],
  columns: string[],
  guessed: Record<F, string | null>,
  given: Partial<Record<F, string | null>>,
  formField: string,
): { mapping: Record<F, string | null>; indexes: ColumnsOf<F> } {
  const mapping = { ...guessed };
  for (const [field, header] of Object.entries(given) as [F, string | null][]) {
    if (header !== null && !columns.includes(header))
      throw new ValidationError(`${formField}: there is no column "${header}" in the file (its columns: ${columns.join(', ')})`, formField);
    mapping[field] = header;
  }
  const indexes: ColumnsOf<F> = {};
  for (const field of fields) {
    const header = mapping[field];
    if (header) indexes[field] = { index: columns.indexOf(header), header };
  }
  return { mapping, indexes };
}

const blankRow = (cells: Cell[]) => cells.every((cell) => cell.text.trim() === '');

/** The header row, then the data rows, counted and held to the limits as they stream. */
async function* dataRows(rows: AsyncGenerator<SheetRow>, field: string, header: { cells?: Cell[] }): AsyncGenerator<SheetRow> {
  let count = 0;
  for await (const row of rows) {
    if (blankRow(row.cells)) continue;
    const long = overlongCell(row.cells);
    if (long >= 0)
      throw refused(
        field,
        `Row ${row.number}, column ${long + 1}: a cell has more than ${IMPORT_LIMITS.maxCellChars.toLocaleString('en-GB')} characters`,
      );
    if (!header.cells) {
      header.cells = row.cells;
      continue;
    }
    if (++count > IMPORT_LIMITS.maxRows)
      throw refused(field, `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-GB')} rows: split it and import each part`);
    yield row;
  }
}

/** Reads the first row (the header) of a stream, leaving the rest to `rest`. */
async function withHeader(field: string, rows: AsyncGenerator<SheetRow>) {
  const header: { cells?: Cell[] } = {};
  const rest = dataRows(rows, field, header);
  const first = await rest.next();
  if (!header.cells) throw refused(field, 'The file has no rows: the first row should name the columns');
  async function* all(): AsyncGenerator<SheetRow> {
    if (!first.done) yield first.value;
    yield* rest;
  }
  return { columns: columnNames(header.cells), rows: all() };
}

export type ImportsDeps = { db: Kysely<Database>; dialect: Dialect; clock: () => Date; audit: AuditTrail };

export function importsService({ db, dialect, clock, audit }: ImportsDeps) {
  const repo = importsRepo(db);
  const today = () => londonDate(clock());

  async function response(id: string): Promise<ImportResponse> {
    const found = await repo.find(id);
    if (!found || found.status === 'reading') throw notFound('Import not found');
    const details = JSON.parse(found.details) as Details;
    const rows = (await repo.outcomes(id)).map((r): ImportRowOutcome => ({
      row: r.row_number,
      file: r.file,
      action: r.action as ImportRowOutcome['action'],
      errors: r.errors ? (JSON.parse(r.errors) as RowError[]) : [],
      changes: r.changes ? (JSON.parse(r.changes) as string[]) : [],
    }));
    const summaries = summaryOf(rows);
    return {
      id: found.id,
      status: found.status,
      file_name: found.file_name,
      encoding: found.encoding,
      date_format: dateFormats.includes(found.date_format as DateFormat) ? (found.date_format as DateFormat) : 'dmy',
      columns: details.columns,
      mapping: details.mapping,
      summary: summaries.members,
      rows,
      payments: details.payments ? { ...details.payments, summary: summaries.payments } : null,
      created_at: found.created_at,
      committed_at: found.committed_at,
      undone_at: found.undone_at,
      can_undo: found.status === 'committed' && (await activePeople(id, found.committed_at!)) === 0,
    };
  }

  async function touchedPeople(importId: string) {
    const done = await repo.doneRows(importId);
    const members = done.filter((r) => r.file === 'members' && r.user_id);
    return {
      created: members.filter((r) => r.action === 'create').map((r) => r.user_id!),
      updated: members.filter((r) => r.action === 'update'),
    };
  }

  async function activePeople(importId: string, since: string): Promise<number> {
    const { created, updated } = await touchedPeople(importId);
    return repo.anyoneActive(
      created,
      updated.map((r) => r.user_id!),
      since,
    );
  }

  /** The dry run's members pass: checks, plans against the site's data and records every row. */
  async function readMembers(
    importId: string,
    rows: AsyncGenerator<SheetRow>,
    indexes: ColumnsOf<MemberField>,
    format: DateFormat,
    date1904: boolean,
  ) {
    const outcomes: ImportRowOutcome[] = [];
    // Each address's first row, and whether it can be imported (payments need it).
    const people = new Map<string, { row: number; ok: boolean }>();
    const duplicates = new Map<number, number[]>();
    const day = today();
    let batch: { number: number; checked: ReturnType<typeof checkMemberRow> }[] = [];

    const flush = async () => {
      const known = await knownAbout(
        db,
        batch.flatMap((b) => (b.checked.emailKey ? [b.checked.emailKey] : [])),
      );
      const records: Insertable<ImportRowsTable>[] = [];
      for (const { number, checked } of batch) {
        const errors = [...checked.errors];
        let changes: string[] = [];
        let action: ImportRowOutcome['action'] = 'error';
        if (checked.emailKey) {
          const first = people.get(checked.emailKey);
          if (first) {
            errors.push({ column: indexes.email?.header ?? 'E-mail', detail: `This e-mail address is also on row ${first.row}` });
            const later = duplicates.get(first.row);
            if (later) later.push(number);
            else duplicates.set(first.row, [number]);
            first.ok = false;
          }
        }
        if (errors.length === 0) {
          const plan = planMember(checked.data, known);
          if (plan.error) errors.push(plan.error);
          else ({ action, changes } = plan);
        }
        if (checked.emailKey && !people.has(checked.emailKey)) people.set(checked.emailKey, { row: number, ok: errors.length === 0 });
        if (errors.length) action = 'error';
        outcomes.push({ row: number, file: 'members', action, errors, changes });
        records.push({
          import_id: importId,
          file: 'members',
          row_number: number,
          email_key: checked.emailKey ?? null,
          data: JSON.stringify(checked.data),
          errors: errors.length ? JSON.stringify(errors) : null,
          action,
          changes: changes.length ? JSON.stringify(changes) : null,
          state: 'pending',
        });
      }
      await repo.insertRows(records);
      batch = [];
      // Another request's turn: a long file must not hold the server up.
      await nextTurn();
    };

    for await (const row of rows) {
      batch.push({ number: row.number, checked: checkMemberRow(row.cells, indexes, format, date1904, day) });
      if (batch.length >= READ_BATCH) await flush();
      else if (batch.length % ROWS_PER_TURN === 0) await nextTurn();
    }
    if (batch.length) await flush();

    // An address on two rows: the first of them is in error too, and neither is imported.
    const byRow = new Map(outcomes.map((o) => [o.row, o]));
    for (const [first, later] of duplicates) {
      const outcome = byRow.get(first)!;
      outcome.errors.push({
        column: indexes.email?.header ?? 'E-mail',
        detail: `This e-mail address is also on row${later.length > 1 ? 's' : ''} ${later.slice(0, 10).join(', ')}${later.length > 10 ? ` and ${later.length - 10} more` : ''}`,
      });
      outcome.action = 'error';
      outcome.changes = [];
      await repo.markRow(importId, 'members', first, { action: 'error', errors: JSON.stringify(outcome.errors), changes: null });
    }
    return { outcomes, people };
  }

  async function readPayments(
    importId: string,
    rows: AsyncGenerator<SheetRow>,
    indexes: ColumnsOf<PaymentField>,
    format: DateFormat,
    date1904: boolean,
    people: Map<string, { row: number; ok: boolean }>,
  ) {
    const outcomes: ImportRowOutcome[] = [];
    const occurrences = new Map<string, number>();
    const day = today();
    let batch: { number: number; checked: ReturnType<typeof checkPaymentRow> }[] = [];
    const flush = async () => {
      const keys = batch.flatMap((b) => (b.checked.emailKey ? [b.checked.emailKey] : []));
      const onSite = new Set((await repo.usersByEmail([...new Set(keys)])).map((u) => u.email_key));
      const withKeys = batch.map((b) => {
        if (!b.checked.data) return { ...b, data: undefined };
        const identity = paymentKey(b.checked.data, 0);
        const occurrence = occurrences.get(identity) ?? 0;
        occurrences.set(identity, occurrence + 1);
        return { ...b, data: { ...b.checked.data, key: paymentKey(b.checked.data, occurrence) } satisfies PaymentRowData };
      });
      const existing = await repo.existingPaymentKeys(withKeys.flatMap((b) => (b.data ? [b.data.key] : [])));
      const records: Insertable<ImportRowsTable>[] = [];
      for (const { number, checked, data } of withKeys) {
        const errors = [...checked.errors];
        if (data) {
          const person = people.get(data.email_key);
          if (person && !person.ok)
            errors.push({
              column: null,
              detail: `The member on row ${person.row} of the members file has errors, so this payment is not imported`,
            });
          else if (!person && !onSite.has(data.email_key))
            errors.push({
              column: indexes.email?.header ?? 'E-mail',
              detail: 'No member with this e-mail address, in the members file or on the site',
            });
        }
        const action: ImportRowOutcome['action'] = errors.length ? 'error' : existing.has(data!.key) ? 'skip' : 'create';
        outcomes.push({ row: number, file: 'payments', action, errors, changes: [] });
        records.push({
          import_id: importId,
          file: 'payments',
          row_number: number,
          email_key: checked.emailKey ?? null,
          data: JSON.stringify(data ?? {}),
          errors: errors.length ? JSON.stringify(errors) : null,
          action,
          state: 'pending',
        });
      }
      await repo.insertRows(records);
      batch = [];
      await nextTurn();
    };
    for await (const row of rows) {
      batch.push({ number: row.number, checked: checkPaymentRow(row.cells, indexes, format, date1904, day) });
      if (batch.length >= READ_BATCH) await flush();
      else if (batch.length % ROWS_PER_TURN === 0) await nextTurn();
    }
    if (batch.length) await flush();
    return outcomes;
  }

  /** Writes the pending rows a batch per transaction, renewing the claim with each; false when the claim was lost. */
  async function writeRows(importId: string, lease: { until: string }, actorId: string | null): Promise<boolean> {
    for (const file of ['members', 'payments'] as const) {
      for (;;) {
        const rows = await repo.pendingRows(importId, file, WRITE_BATCH);
        if (rows.length === 0) break;
        const next = new Date(clock().getTime() + LEASE_MS).toISOString();
        const kept = await db.transaction().execute(async (trx) => {
          if (!(await importsRepo(trx).renewClaim(importId, lease.until, next))) return false;
          const now = clock().toISOString();
          if (file === 'members') {
            const datas = rows.map((r) => JSON.parse(r.data) as MemberData);
            const known = await knownAbout(
              trx,
              datas.map((d) => d.email_key),
            );
            const inserts = emptyInserts();
            const marked: Insertable<ImportRowsTable>[] = [];
            for (const [i, row] of rows.entries()) {
              const data = datas[i]!;
              const plan = planMember(data, known);
              if (plan.error) {
                marked.push({ ...row, state: 'done', action: 'error', errors: JSON.stringify([plan.error]), changes: null });
                continue;
              }
              const written =
                plan.action === 'skip'
                  ? { userId: plan.user!.id, before: null }
                  : await writeMember(trx, importId, data, plan, now, actorId, inserts);
              marked.push({
                ...row,
                state: 'done',
                action: plan.action,
                changes: plan.changes.length ? JSON.stringify(plan.changes) : null,
                user_id: written.userId,
                before: written.before ? JSON.stringify(written.before) : null,
              });
            }
            await insertBatch(trx, inserts);
            await importsRepo(trx).replaceRows(importId, file, marked);
          } else {
            const datas = rows.map((r) => JSON.parse(r.data) as PaymentRowData);
            const users = new Map(
              (await importsRepo(trx).usersByEmail([...new Set(datas.map((d) => d.email_key))])).map((u) => [u.email_key, u]),
            );
            for (const [i, row] of rows.entries()) {
              const data = datas[i]!;
              const user = users.get(data.email_key);
              const action = !user ? 'error' : (await writePayment(trx, importId, data, user)) ? 'create' : 'skip';
              await importsRepo(trx).markRow(importId, file, row.row_number, {
                state: 'done',
                action,
                user_id: user?.id ?? null,
                ...(user ? {} : { errors: JSON.stringify([{ column: null, detail: 'The member of this payment is not on the site' }]) }),
              });
            }
          }
          return true;
        });
        if (!kept) return false;
        lease.until = next;
        await nextTurn();
      }
    }
    return true;
  }

  return {
    response,

    async list() {
      const rows = await repo.list();
      return {
        items: rows.map((r) => ({
          id: r.id,
          status: r.status as ImportResponse['status'],
          file_name: r.file_name,
          created_at: r.created_at,
          created_by: r.created_by,
          committed_at: r.committed_at,
          summary: (JSON.parse(r.done ?? r.planned) as Summaries).members ?? emptySummary(),
        })),
      };
    },

    /**
     * The dry run: reads the files a row at a time, checks every row and what it would do against
     * the site's data, and records that for the commit. Nothing else is written; a file refused
     * part-way leaves nothing behind (decision 110).
     */
    async dryRun(request: DryRunRequest, actor: NonNullable<Actor>): Promise<ImportResponse> {
      const members = await readSpreadsheet(request.members.data, 'file');
      const memberHead = await withHeader('file', members.rows);
      const memberMap = resolveMapping(
        memberFields,
        memberHead.columns,
        guessMemberMapping(memberHead.columns),
        request.mapping,
        'mapping',
      );
      const payments = request.payments ? await readSpreadsheet(request.payments.data, 'payments') : undefined;
      const paymentHead = payments ? await withHeader('payments', payments.rows) : undefined;
      const paymentMap = paymentHead
        ? resolveMapping(
            paymentFields,
            paymentHead.columns,
            guessPaymentMapping(paymentHead.columns),
            request.paymentsMapping,
            'payments_mapping',
          )
        : undefined;

      const id = randomUUID();
      const details: Details = {
        columns: memberHead.columns,
        mapping: memberMap.mapping,
        payments:
          request.payments && payments && paymentHead && paymentMap
            ? { file_name: request.payments.name, encoding: payments.encoding, columns: paymentHead.columns, mapping: paymentMap.mapping }
            : null,
      };
      await repo.insertImport({
        id,
        status: 'reading',
        file_name: request.members.name,
        encoding: members.encoding,
        date_format: request.dateFormat,
        details: JSON.stringify(details),
        planned: JSON.stringify({ members: emptySummary(), payments: emptySummary() }),
        created_at: clock().toISOString(),
        created_by: actor.id,
      });
      try {
        const read = await readMembers(id, memberHead.rows, memberMap.indexes, request.dateFormat, members.date1904);
        const paid =
          payments && paymentHead && paymentMap
            ? await readPayments(id, paymentHead.rows, paymentMap.indexes, request.dateFormat, payments.date1904, read.people)
            : [];
        await repo.update(id, { status: 'ready', planned: JSON.stringify(summaryOf([...read.outcomes, ...paid])) });
      } catch (error) {
        await repo.remove(id);
        throw error;
      }
      return response(id);
    },

    async outcomesCsv(id: string): Promise<{ name: string; csv: string }> {
      const found = await response(id);
      const lines = found.rows.flatMap((r) =>
        (r.errors.length ? r.errors : [{ column: null, detail: r.changes.length ? `Changes: ${r.changes.join(', ')}` : '' }]).map((e) => [
          r.file,
          r.row,
          r.action,
          e.column,
          e.detail,
        ]),
      );
      return { name: found.file_name.replace(/\.[^.]*$/, ''), csv: toCsv(['File', 'Row', 'Action', 'Column', 'Problem'], lines) };
    },

    /**
     * Commits a dry run once (decision 110): claimed by one request, written a batch of rows per
     * transaction (each row marked done with its writes, so a commit cut off resumes where it
     * stopped), then marked committed with its audit entry. Committing again answers what was done.
     */
    async commit(id: string, onError: 'skip' | 'block', actor: NonNullable<Actor>): Promise<ImportResponse> {
      const found = await repo.find(id);
      if (!found || found.status === 'reading') throw notFound('Import not found');
      if (found.status === 'committed') return response(id);
      if (found.status === 'undone') throw conflict('This import was undone: upload the file again to import it anew');
      const planned = JSON.parse(found.planned) as Summaries;
      const inError = planned.members.error + planned.payments.error;
      if (onError === 'block' && inError > 0)
        throw conflict(`${inError} row${inError === 1 ? ' has' : 's have'} errors: correct the file, or choose to skip the rows in error`);
      const now = clock();
      const lease = { until: new Date(now.getTime() + LEASE_MS).toISOString() };
      if (!(await repo.claim(id, lease.until, now.toISOString(), { on_error: onError, committed_by: actor.id }))) {
        const again = await repo.find(id);
        if (again?.status === 'committed') return response(id);
        throw conflict('This import is being committed by someone else just now: reload the page in a moment');
      }
      if (!(await writeRows(id, lease, actor.id))) throw conflict('This import is being committed by someone else just now');
      const outcomes = await repo.outcomes(id);
      const done = summaryOf(outcomes.map((o) => ({ file: o.file, action: o.action as ImportRowOutcome['action'] })));
      const finished = await audit.change(
        actor,
        async (trx) => {
          const result = await trx
            .updateTable('imports')
            .set({ status: 'committed', done: JSON.stringify(done), committed_at: clock().toISOString(), lease_until: null })
            .where('id', '=', id)
            .where('status', '=', 'committing')
            .where('lease_until', '=', lease.until)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) === 1;
        },
        (ok) =>
          ok
            ? {
                kind: 'import',
                action: 'recorded',
                subject_id: id,
                summary:
                  `Imported ${found.file_name}: ${done.members.create} created, ${done.members.update} updated, ` +
                  `${done.members.skip} unchanged, ${done.members.error} rows in error` +
                  (done.payments.create + done.payments.skip + done.payments.error
                    ? `; ${done.payments.create} past payments added (${done.payments.skip} already there)`
                    : ''),
              }
            : [],
      );
      if (!finished) throw conflict('This import is being committed by someone else just now');
      // Only makes later searches quicker: a failure leaves it to the hourly jobs.
      await mergeMemberSearchIndex(db, dialect).catch(() => undefined);
      return response(id);
    },

    /** Undoes a commit while none of its people has signed in: created accounts go, updated ones get their values back. */
    async undo(id: string, actor: NonNullable<Actor>): Promise<ImportResponse> {
      const found = await repo.find(id);
      if (!found || found.status === 'reading') throw notFound('Import not found');
      if (found.status !== 'committed') throw conflict('Only a committed import can be undone');
      const undone = await audit.change(
        actor,
        async (trx) => {
          const trxRepo = importsRepo(trx);
          // Claimed first: of two undos at once, one does it.
          const claimed = await trx
            .updateTable('imports')
            .set({ status: 'undone', undone_at: clock().toISOString() })
            .where('id', '=', id)
            .where('status', '=', 'committed')
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) throw conflict('This import has been undone already');
          const done = await trxRepo.doneRows(id);
          const members = done.filter((r) => r.file === 'members' && r.user_id);
          const created = members.filter((r) => r.action === 'create').map((r) => r.user_id!);
          const updated = members.filter((r) => r.action === 'update');
          const active = await trxRepo.anyoneActive(
            created,
            updated.map((r) => r.user_id!),
            found.committed_at!,
          );
          if (active > 0)
            throw conflict(
              `${active} ${active === 1 ? 'person' : 'people'} brought in by this import ${active === 1 ? 'has' : 'have'} signed in or set a password: it can no longer be undone`,
            );
          await trxRepo.removeWritten(id, created, clock().toISOString());
          for (const row of updated)
            await trxRepo.restoreUser(
              row.user_id!,
              JSON.parse(row.before ?? '{}') as Partial<Record<ImportableColumn, string | number | null>>,
            );
          return { created: created.length, updated: updated.length };
        },
        ({ created, updated }) => ({
          kind: 'import',
          action: 'deleted',
          subject_id: id,
          summary: `Undid the import of ${found.file_name}: ${created} accounts removed, ${updated} restored`,
        }),
      );
      void undone;
      // Only makes later searches quicker: a failure leaves it to the hourly jobs.
      await mergeMemberSearchIndex(db, dialect).catch(() => undefined);
      return response(id);
    },

    async people(id: string, page: number, pageSize: number) {
      const found = await repo.find(id);
      if (!found || found.status === 'reading') throw notFound('Import not found');
      const now = clock().toISOString();
      const { total, rows, invitations } = await repo.people(id, { limit: pageSize, offset: (page - 1) * pageSize });
      return {
        items: rows.map((r) => {
          const invitation = r.invitation_id ? invitations.get(r.invitation_id) : undefined;
          return {
            _id: r.id,
            first_name: r.first_name,
            last_name: r.last_name,
            email: r.email,
            action: r.action as 'create' | 'update',
            has_password: r.password_hash !== '',
            invitation: !invitation
              ? ('not_invited' as const)
              : invitation.used_at
                ? ('accepted' as const)
                : invitation.voided_at || invitation.expires_at <= now
                  ? ('expired' as const)
                  : ('invited' as const),
            invited_at: invitation?.created_at ?? null,
            last_signed_in_at: r.last_signed_in_at,
          };
        }),
        total,
        page,
        page_size: pageSize,
      };
    },

    /** Dry runs never committed go after a week (they hold people's details); a reading a crash cut off, after a day. */
    prune(): Promise<void> {
      const now = clock().getTime();
      return repo.pruneUncommitted(new Date(now - 7 * DAY).toISOString(), new Date(now - DAY).toISOString());
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;
