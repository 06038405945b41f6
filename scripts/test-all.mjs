// `npm test`: every check the project has, failing fast, with the time each stage took.
// First, side by side: Prettier and ESLint (one core each), tsc (its own threads) and the API
// suite on PostgreSQL (which waits on the database more than it computes); their output is held
// back and shown whole as each ends. Once the three checks pass, the whole suite on SQLite starts
// beside the PostgreSQL suite still running; then the build and the browser journeys.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const begun = performance.now();
const times = [];

function stage(label, script, { quiet = false, env = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    // Decoded as a stream, so a character split between two chunks (Vitest's ✓) stays whole.
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      times.push([label, seconds, code]);
      if (quiet) process.stdout.write(`\n== ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ==\n${output}`);
      resolve(code ?? 1);
    });
  });
}

function finish(code) {
  console.log('\n== npm test, time of each stage ==');
  for (const [label, seconds, status] of times)
    console.log(`${label.padEnd(28)} ${seconds.toFixed(0).padStart(5)} s${status === 0 ? '' : '  FAILED'}`);
  console.log(`${'total'.padEnd(28)} ${((performance.now() - begun) / 1000).toFixed(0).padStart(5)} s`);
  process.exit(code);
}

// One worker for it, so the checks keep their cores; the SQLite suite gets two (vitest.config.ts).
const postgres = stage('test:unit on PostgreSQL', 'test:unit', { quiet: true, env: { UNIT_DATABASES: 'postgres', TEST_WORKERS: '1' } });
const checks = await Promise.all([
  stage('format:check', 'format:check', { quiet: true }),
  stage('lint', 'lint', { quiet: true }),
  stage('typecheck', 'typecheck', { quiet: true }),
]);
if (checks.some((code) => code !== 0)) finish(Math.max(...checks, await postgres));
// The checks are done; the PostgreSQL suite, mostly waiting on its database, has the cores to share.
const [sqlite, pg] = await Promise.all([stage('test:unit on SQLite', 'test:unit', { env: { UNIT_DATABASES: 'sqlite' } }), postgres]);
if (sqlite !== 0 || pg !== 0) finish(1);
for (const [label, script, env] of [
  ['build', 'build', {}],
  ['test:e2e', 'test:e2e', {}],
]) {
  const code = await stage(label, script, { env });
  if (code !== 0) finish(code);
}
finish(0);
