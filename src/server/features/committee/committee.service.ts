import { randomUUID } from 'node:crypto';
import {
  DEFAULT_COMMITTEE_PRIORITY,
  type CommitteeFields,
  type CommitteeMember,
  type CommitteeTranslation,
} from '../../../shared/api/committee';
import type { Kysely } from 'kysely';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { committeeRepo } from './committee.repo';

const NOT_FOUND = 'Committee member not found';
// Sorting here rather than in SQL keeps the order the same on SQLite and PostgreSQL (collations differ).
const byName = new Intl.Collator('en-GB', { sensitivity: 'base' }).compare;

/** The Armenian columns: the role and description, or null for none. */
function armenianColumns(hy: CommitteeTranslation | null) {
  return { role_hy: hy?.role ?? null, description_hy: hy ? hy.description : null };
}

export type NewCommitteeMember = Omit<CommitteeFields, 'priority'> & { priority?: number };

export function committeeService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail) {
  const repo = committeeRepo(db);
  return {
    /** Highest priority first, ties by name. */
    async list(): Promise<CommitteeMember[]> {
      const rows = await repo.list();
      return rows
        .map(({ id, name, role, image, description, priority, role_hy, description_hy }) => ({
          _id: id,
          name,
          role,
          image,
          description,
          priority,
          hy: role_hy === null ? null : { role: role_hy, description: description_hy ?? '' },
        }))
        .sort((a, b) => b.priority - a.priority || byName(a.name, b.name));
    },

    async create(member: NewCommitteeMember, actor: Actor): Promise<string> {
      const id = randomUUID();
      const now = clock().toISOString();
      const { hy, ...english } = member;
      const row = {
        ...english,
        ...armenianColumns(hy ?? null),
        id,
        priority: member.priority ?? DEFAULT_COMMITTEE_PRIORITY,
        created_at: now,
        updated_at: now,
      };
      await audit.change(
        actor,
        (trx) => committeeRepo(trx).insert(row),
        () => ({
          kind: 'committee',
          action: 'created',
          subject_id: id,
          summary: `Added ${quoted(member.name)} to the committee`,
        }),
      );
      return id;
    },

    async update(id: string, fields: CommitteeFields, actor: Actor): Promise<void> {
      const { hy, ...english } = fields;
      // Left out, the Armenian words stay as they are; null removes them.
      const changes = { ...english, ...(hy === undefined ? {} : armenianColumns(hy)), updated_at: clock().toISOString() };
      await audit.change(
        actor,
        async (trx) => {
          if (!(await committeeRepo(trx).update(id, changes))) throw notFound(NOT_FOUND);
        },
        () => ({ kind: 'committee', action: 'updated', subject_id: id, summary: `Updated committee member ${quoted(fields.name)}` }),
      );
    },

    async delete(id: string, actor: Actor): Promise<void> {
      await audit.change(
        actor,
        async (trx) => {
          const inTrx = committeeRepo(trx);
          const member = await inTrx.find(id);
          if (!member || !(await inTrx.delete(id))) throw notFound(NOT_FOUND);
          return member;
        },
        (member) => ({
          kind: 'committee',
          action: 'deleted',
          subject_id: id,
          summary: `Removed ${quoted(member.name)} from the committee`,
        }),
      );
    },
  };
}
export type CommitteeService = ReturnType<typeof committeeService>;
