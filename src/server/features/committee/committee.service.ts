import { randomUUID } from 'node:crypto';
import { DEFAULT_COMMITTEE_PRIORITY, type CommitteeFields, type CommitteeMember } from '../../../shared/api/committee';
import { notFound } from '../../http/errors';
import type { CommitteeRepo } from './committee.repo';

const NOT_FOUND = 'Committee member not found';
// Sorting here rather than in SQL keeps the order the same on SQLite and PostgreSQL (collations differ).
const byName = new Intl.Collator('en-GB', { sensitivity: 'base' }).compare;

export type NewCommitteeMember = Omit<CommitteeFields, 'priority'> & { priority?: number };

export function committeeService(repo: CommitteeRepo, clock: () => Date) {
  return {
    /** Highest priority first, ties by name. */
    async list(): Promise<CommitteeMember[]> {
      const rows = await repo.list();
      return rows
        .map(({ id, name, role, image, description, priority }) => ({ _id: id, name, role, image, description, priority }))
        .sort((a, b) => b.priority - a.priority || byName(a.name, b.name));
    },

    async create(member: NewCommitteeMember): Promise<string> {
      const id = randomUUID();
      const now = clock().toISOString();
      await repo.insert({ ...member, id, priority: member.priority ?? DEFAULT_COMMITTEE_PRIORITY, created_at: now, updated_at: now });
      return id;
    },

    async update(id: string, fields: CommitteeFields): Promise<void> {
      if (!(await repo.update(id, { ...fields, updated_at: clock().toISOString() }))) throw notFound(NOT_FOUND);
    },

    async delete(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw notFound(NOT_FOUND);
    },
  };
}
export type CommitteeService = ReturnType<typeof committeeService>;
