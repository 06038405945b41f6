import type { Kysely } from 'kysely';
import type { AuditAction, AuditKind } from '../../shared/api/admin';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { auditRepo } from './audit.repo';

/** Who made a change: a signed-in admin or editor, or null for the site itself (demo content). */
export type Actor = { id: string; email: string } | null;

export type AuditNote = { kind: AuditKind; action: AuditAction; subject_id: string | null; summary: string };

/** Titles and values quoted in summaries are cut short: the log says what changed, not all of it. */
export function quoted(text: string, max = 80): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return `"${oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine}"`;
}

/**
 * The audit trail the services write to. `change` runs a change and records it in one
 * transaction, so the log never claims a change that did not happen, nor misses one that did.
 */
export function auditTrail(db: Kysely<Database>, clock: () => Date) {
  return {
    /** `note` may give several entries (one save of Settings changing three of them), or none when nothing changed. */
    async change<T>(actor: Actor, work: (trx: Kysely<Database>) => Promise<T>, note: (result: T) => AuditNote | AuditNote[]): Promise<T> {
      return inTransaction(db, async (trx) => {
        const result = await work(trx);
        const at = clock().toISOString();
        for (const entry of [note(result)].flat()) {
          await auditRepo(trx).insert({ at, actor_id: actor?.id ?? null, actor_email: actor?.email ?? null, ...entry });
        }
        return result;
      });
    },
  };
}
export type AuditTrail = ReturnType<typeof auditTrail>;
