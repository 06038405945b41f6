// Unit and API tests: the whole Vitest suite on SQLite, then the API suite again on PostgreSQL
// when its server binaries are installed, on a throwaway cluster that is removed afterwards.
// Arguments narrow both runs to the files Vitest matches: `npm run test:unit -- src/server/payments`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const vitest = path.resolve('node_modules/.bin/vitest');
const filters = process.argv.slice(2);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// UNIT_DATABASES=sqlite or postgres runs one of the two (npm test runs them side by side).
const only = process.env.UNIT_DATABASES;
if (only !== 'postgres') {
  console.log('\n== Unit and API tests on SQLite ==');
  run(vitest, ['run', ...filters]);
  if (only === 'sqlite') process.exit(0);
}

const bin = postgresBin();
if (!bin) {
  console.log('\nPostgreSQL is not installed here: the API suite ran on SQLite only.');
  process.exit(0);
}

console.log(`\n== API tests on PostgreSQL (${bin}) ==`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
const port = await freePort();
// initdb refuses to run as root, so the cluster belongs to the postgres user then.
const asRoot = process.getuid?.() === 0;
const pgRun = (args) => {
  if (!asRoot) return run(args[0], args.slice(1));
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return run('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
};
if (asRoot) run('chown', ['-R', 'postgres', dir]);
const data = path.join(dir, 'data');
let started = false;
const stop = () => {
  if (started)
    spawnSync(
      ...(asRoot
        ? ['su', ['postgres', '-s', '/bin/sh', '-c', `${bin}/pg_ctl -D ${data} -m immediate stop`]]
        : [`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', 'stop']]),
      { stdio: 'ignore' },
    );
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
try {
  // The C locale exists on every machine and sorts text byte by byte, as SQLite does.
  pgRun([`${bin}/initdb`, '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  pgRun([
    `${bin}/pg_ctl`,
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  started = true;
  run(vitest, ['run', ...(filters.length ? filters : ['api.test'])], {
    env: { ...process.env, TEST_PG_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
  });
} catch (error) {
  console.error(error);
  process.exit(1);
}
