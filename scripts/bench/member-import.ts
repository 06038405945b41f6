import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createLogger } from '../../src/server/logger';
import { createServices } from '../../src/server/services';
import { totpCode } from '../../src/server/testing/test-app';

const ROWS = 10_000;

function membersCsv(rows: number): string {
  const lines = ['Title,First name,Surname,Email,Tier,Joined,Last renewed,News by e-mail,Address line 1,Postcode,Phone,Note'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `Dr,Anahit${i},Petrosyan,import${i}@example.org,${i % 3},12/05/${2000 + (i % 20)},${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/2026,${i % 2 ? 'yes' : 'no'},${i} High Street,N${i % 20} 1AA,+44 20 7946 ${String(i).padStart(4, '0')},Paid by cheque ${i}`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A 10,000-row members file on its own SQLite site: the dry run and the commit timed through the
 * HTTP API, the process's resident memory sampled, and /api/health's latency measured while they run
 * (decision 110 sets the figures: dry run 10 s, commit 30 s, health p99 100 ms).
 */
export async function memberImport(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '12' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const services = createServices({
    db,
    config,
    log: createLogger('silent'),
    clock: () => new Date(),
    jwtSecret: 'bench-import-secret-0123456789abcdef',
  });
  const app = await buildApp({ config, db, services, renderPage: null });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const adminId = await services.accounts.createUser({
    email: 'import-admin@example.org',
    password: 'bench import admin',
    role: 'admin',
    first_name: 'Bench',
    last_name: 'Admin',
  });
  // Staff need a second factor (decision 132): the bench's admin sets up an authenticator app as a new admin would.
  const adminEmail = 'import-admin@example.org';
  const { secret } = await services.secondFactors.startTotp({ id: adminId, email: adminEmail });
  await services.secondFactors.confirmTotp({ id: adminId, email: adminEmail }, totpCode(secret, new Date()), null);
  const admin = (await services.accountsRepo.findById(adminId))!;
  const token = await services.sessions.start(admin, { ip: '127.0.0.1', userAgent: 'bench' }, 'password+totp');
  const csv = Buffer.from(membersCsv(ROWS));
  const lines: string[] = [];
  try {
    let peak = process.memoryUsage().rss;
    const startRss = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const timed = async <T>(label: string, work: () => Promise<T>) => {
      let stop = () => {};
      const health = new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({ url: `${address}/api/health`, connections: 2, duration: 120 }, (error, result) =>
          error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
        );
        stop = () => instance.stop();
      });
      const started = performance.now();
      const result = await work();
      const seconds = (performance.now() - started) / 1000;
      stop();
      const latency = await health;
      lines.push(
        `  ${label}: ${seconds.toFixed(1)} s; /api/health meanwhile p99 ${latency.latency.p99} ms, max ${latency.latency.max} ms (${latency.requests.total} requests, ${latency.non2xx + latency.errors} errors)`,
      );
      return result;
    };
    const dryRun = await timed(
      `dry run of ${ROWS.toLocaleString('en-GB')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV)`,
      async () => {
        const form = new FormData();
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
        const res = await fetch(`${address}/api/admin/imports`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        if (!res.ok) throw new Error(`dry run answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as { id: string; summary: Record<string, number> };
      },
    );
    const committed = await timed('commit', async () => {
      const res = await fetch(`${address}/api/admin/imports/${dryRun.id}/commit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ on_error: 'skip' }),
      });
      if (!res.ok) throw new Error(`commit answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { summary: Record<string, number> };
    });
    clearInterval(sampler);
    lines.push(`  planned ${JSON.stringify(dryRun.summary)}, done ${JSON.stringify(committed.summary)}`);
    lines.push(`  resident memory: ${(startRss / 1024 / 1024).toFixed(0)} MB before, at most ${(peak / 1024 / 1024).toFixed(0)} MB during`);
  } finally {
    await app.close();
    await services.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}
