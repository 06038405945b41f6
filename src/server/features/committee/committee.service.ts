import { randomUUID } from 'node:crypto';
import type { CommitteeRepo } from './committee.repo';

export const DEFAULT_COMMITTEE_PRIORITY = 100;

export type NewCommitteeMember = { name: string; role: string; image: string; description: string; priority?: number };

export function committeeService(repo: CommitteeRepo, clock: () => Date) {
  return {
    async create(member: NewCommitteeMember): Promise<string> {
      const id = randomUUID();
      const now = clock().toISOString();
      await repo.insert({ ...member, id, priority: member.priority ?? DEFAULT_COMMITTEE_PRIORITY, created_at: now, updated_at: now });
      return id;
    },
    list() {
      return repo.list();
    },
  };
}
export type CommitteeService = ReturnType<typeof committeeService>;
