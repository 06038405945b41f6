// npm run bench: throughput and latency of the main endpoints on a seeded SQLite database, and
// the size of the built front end. Measurements only: budgets are read by people, not asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemoContent } from '../src/server/db/seed';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

function frontEndSizes(webDir: string) {
  const assets = path.join(webDir, 'assets');
  if (!fs.existsSync(assets)) return undefined;
  const index = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(index)?.[1];
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(assets, f))).length;
  return {
    entry: entry ? { file: entry, gzipKiB: +(gz(entry) / 1024).toFixed(1) } : undefined,
    allJsCssGzipKiB: +(files.reduce((sum, f) => sum + gz(f), 0) / 1024).toFixed(1),
    chunks: files.length,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const services = createServices({ db, config, log: createLogger('silent'), clock: () => new Date(), jwtSecret: 'bench-secret-bench-secret-bench-secret' });
  await seedDemoContent(db.db, services);
  const app = await buildApp({ config, db, services });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const targets = ['/api/health', '/api/string_table_v2', '/', '/events'];
  console.log(`Endpoints, ${seconds} s each, 10 connections, SQLite with demo content:`);
  for (const target of targets) {
    const result = await autocannon({ url: `${address}${target}`, connections: 10, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
    const errors = result.non2xx + result.errors;
    console.log(
      `  ${target.padEnd(24)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${errors ? `   ${errors} errors` : ''}`,
    );
  }
  console.log('Front end (gzip):', JSON.stringify(frontEndSizes(config.webDir) ?? 'not built: run npm run build'));
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
