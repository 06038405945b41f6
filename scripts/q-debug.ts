import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { buildApp } from '../src/server/app';
import { fill } from './bench/stalls-and-growth';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'q-'));
const config = loadConfig({ DATA_DIR: dataDir, DEMO_CONTENT: 'off', LOG_LEVEL: 'silent' });
const db = openDatabase(config);
await migrateToLatest(db);
const services = createServices({ db, config, log: createLogger('silent'), clock: () => new Date(), jwtSecret: 'x'.repeat(40) });
await fill(db, services, 10000);
const adminId = await services.accounts.createUser({
  email: 'a@x.org',
  password: 'bench-admin-password',
  role: 'admin',
  first_name: 'A',
  last_name: 'B',
});
const auth = { authorization: `Bearer ${await services.tokens.issue((await services.accountsRepo.findAuthById(adminId))!)}` };
const app = await buildApp({ config, db, services, renderPage: null });
const time = async (url: string, headers = {}) => {
  const ts: number[] = [];
  let body = '';
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    const r = await app.inject({ url, headers });
    body = r.body;
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  console.log(url.slice(0, 90).padEnd(92), ts[7]!.toFixed(2), 'ms', body.length);
  return body;
};
const late = JSON.parse(await time('/api/admin/members?sort=expiry&dir=desc&page=299', auth)).next_cursor;
await time('/api/admin/members?sort=expiry&dir=desc&page=300', auth);
await time(`/api/admin/members?sort=expiry&dir=desc&page=300&after=${late}`, auth);
await time('/api/admin/members', auth);
await time('/api/admin/members?q=petro', auth);
await time(`/api/admin/members?q=${encodeURIComponent('Պետրոս')}`, auth);
await time('/api/articles');
await time('/api/articles?category=Fellowships');
await time('/api/articles/categories');
await time('/api/categories');
await time('/api/events');
await time('/api/string_table_v2');
await time('/sitemap.xml', { 'accept-encoding': 'gzip' });
await app.close();
await services.close();
await db.close();
