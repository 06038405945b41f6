import { sql, type Kysely } from 'kysely';
import type { HealthReport } from '../../../shared/api/system';
import { isDatabaseUnavailable } from '../../db/availability';
import type { Database } from '../../db/schema';
import { setSetting } from '../../db/settings.repo';

/** How long a successful write probe is trusted: health is polled often, and each probe is a committed write. */
export const WRITE_PROBE_MS = 5_000;
const PROBE_KEY = 'health_write_probe';

/**
 * The database as a monitor needs to know it: reachable (a query answers) and writable (a
 * committed write succeeds; SQLite read-only or its disk full, PostgreSQL read-only). The write
 * is a one-row upsert in settings, made at most every few seconds (decision 095).
 */
export function healthService(db: Kysely<Database>, now: () => number = () => performance.now()) {
  let probe: { at: number; writable: Promise<boolean> } | null = null;

  async function answers<T>(work: () => Promise<T>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return false;
      throw error;
    }
  }

  function writable(): Promise<boolean> {
    if (probe && now() - probe.at < WRITE_PROBE_MS) return probe.writable;
    const entry = { at: now(), writable: answers(() => setSetting(db, PROBE_KEY, new Date().toISOString())) };
    probe = entry;
    // Only a write that worked is trusted for a while: a failing database is probed on every call,
    // so health turns back to ok as soon as writing works again.
    entry.writable.then(
      (ok) => {
        if (!ok && probe === entry) probe = null;
      },
      () => {
        if (probe === entry) probe = null;
      },
    );
    return entry.writable;
  }

  return {
    async report(): Promise<HealthReport> {
      const reachable = await answers(() => sql`select 1`.execute(db));
      if (!reachable) {
        probe = null;
        return { status: 'unavailable', database: { reachable: false, writable: false } };
      }
      const canWrite = await writable();
      return { status: canWrite ? 'ok' : 'read_only', database: { reachable: true, writable: canWrite } };
    },
  };
}
export type HealthService = ReturnType<typeof healthService>;
