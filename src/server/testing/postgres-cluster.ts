import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed (Debian's layout), or undefined. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL cluster of the test's own, which it may stop and restart (the shared test cluster
 * serves other files at the same time). initdb refuses root: as root it runs as the postgres user.
 * The C locale by default, as the shared test cluster has (the harder case for folding case).
 */
export async function startPostgresCluster({ locale = 'C' }: { locale?: string } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries are not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-own-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['-R', 'postgres', dir]);
  const pg = (tool: string, args: string[]) => {
    const command = [path.join(bin, tool), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    return asRoot ? run('su', ['postgres', '-s', '/bin/sh', '-c', command]) : run(path.join(bin, tool), args);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', `--locale=${locale}`]);
  const start = () => pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** `pg_ctl restart -m fast`: every connection, busy or idle, is ended; the server comes back. */
    restart: () => pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-m', 'fast', '-o', options, 'restart']),
    stop: () => pg('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    start,
    async destroy() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
