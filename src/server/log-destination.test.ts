import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logDestination, LOG_RETRY_MS } from './log-destination';
import { createLogger } from './logger';

const hasDevFull = fs.existsSync('/dev/full');

describe('the log destination', () => {
  it.runIf(hasDevFull)('drops lines on a full disk (ENOSPC) without throwing or waiting, and the server keeps answering', async () => {
    // /dev/full answers every write with ENOSPC, as a full disk does.
    const fd = fs.openSync('/dev/full', 'w');
    try {
      const destination = logDestination(fd);
      const log = createLogger('info', { destination });
      for (let i = 0; i < 5000; i++) log.info({ i }, 'a line nobody can write');
      expect(destination.dropped).toBe(5000);

      // Fastify on that logger: every request is logged, none fails.
      const { default: Fastify } = await import('fastify');
      const app = Fastify({ loggerInstance: log });
      app.get('/', async () => ({ ok: true }));
      const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject({ method: 'GET', url: '/' })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      await app.close();
    } finally {
      fs.closeSync(fd);
    }
  });

  it('drops lines while a slow reader’s pipe is full (EAGAIN), never waits, and says how many were lost once it drains', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-'));
    const fifo = path.join(dir, 'journal');
    execFileSync('mkfifo', [fifo]);
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writer = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    let clock = 0;
    const drain = () => {
      const chunks: string[] = [];
      const buffer = Buffer.alloc(65536);
      for (;;) {
        try {
          const n = fs.readSync(reader, buffer);
          if (n <= 0) break;
          chunks.push(buffer.subarray(0, n).toString());
        } catch {
          break; // EAGAIN: nothing more to read
        }
      }
      return chunks.join('');
    };
    try {
      const destination = logDestination(writer, { now: () => clock });
      const line = `${'x'.repeat(1000)}\n`;
      // The reader reads nothing: the pipe fills up, and then lines are dropped.
      for (let i = 0; i < 200; i++) destination.write(line);
      expect(destination.dropped).toBeGreaterThan(0);
      const lost = destination.dropped;
      expect(drain().length).toBe((200 - lost) * line.length);

      // Within the wait after a failure, nothing is tried; after it, the notice and the line go.
      destination.write('soon\n');
      expect(destination.dropped).toBe(lost + 1);
      clock += LOG_RETRY_MS;
      destination.write('later\n');
      expect(destination.dropped).toBe(0);
      const [notice, after] = drain().trimEnd().split('\n');
      expect(JSON.parse(notice!)).toMatchObject({
        level: 40,
        msg: `${lost + 1} log lines were lost: the log could not be written (EAGAIN)`,
      });
      expect(after).toBe('later');
    } finally {
      fs.closeSync(writer);
      fs.closeSync(reader);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
