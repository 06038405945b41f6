// `npm test`: every check the project has, failing fast, with the time each stage took.
// The three static checks run side by side (Prettier and ESLint keep to one core each, tsc has its
// own threads), their output held back and shown whole when each ends; then the unit and API tests
// (SQLite, then PostgreSQL), the build and the browser journeys, one after another.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];

function stage(script, { quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      times.push([script, seconds, code]);
      if (quiet) process.stdout.write(`\n== ${script}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ==\n${output}`);
      resolve(code ?? 1);
    });
  });
}

function summary() {
  console.log('\n== npm test, time of each stage ==');
  for (const [script, seconds, code] of times)
    console.log(`${script.padEnd(14)} ${seconds.toFixed(0).padStart(5)} s${code === 0 ? '' : '  FAILED'}`);
  console.log(`${'total'.padEnd(14)} ${((performance.now() - begun) / 1000).toFixed(0).padStart(5)} s`);
}

const begun = performance.now();
const checks = await Promise.all(['format:check', 'lint', 'typecheck'].map((script) => stage(script, { quiet: true })));
if (checks.some((code) => code !== 0)) {
  summary();
  process.exit(1);
}
for (const script of ['test:unit', 'build', 'test:e2e']) {
  const code = await stage(script);
  if (code !== 0) {
    summary();
    process.exit(code);
  }
}
summary();
