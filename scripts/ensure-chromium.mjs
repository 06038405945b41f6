// The browser journeys use Debian's Chromium (Playwright's own browser download is not possible
// here). Install it when missing and we may; otherwise say how.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (fs.existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(`Chromium is not installed at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Chromium with apt-get...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
