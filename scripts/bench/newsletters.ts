import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemoContent } from '../../src/server/db/seed';
import { createLogger } from '../../src/server/logger';
import { createServices } from '../../src/server/services';
import { startSmtpPeer } from '../../src/server/testing/smtp-peer';

const RECIPIENTS = 5_000;
/** A brisk pace for a real relay (20 a second), so the sending goes on while the site is timed. */
const PER_MINUTE = 1_200;

const mib = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);

/**
 * A newsletter to 5,000 members (decision 121): how long queueing takes (one outbox message each,
 * in short transactions), the site's p99 on a quiet site and while the messages go out to a real
 * SMTP peer on loopback at the configured pace, and the process's memory meanwhile.
 */
export async function newsletterFigures(seconds: number): Promise<string[]> {
  const peer = await startSmtpPeer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-newsletter-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    SMTP_URL: peer.url,
    MAIL_FROM: 'Bench <bench@example.org>',
    MAIL_BULK_PER_MINUTE: String(PER_MINUTE),
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const services = createServices({
    db,
    config,
    log: createLogger('silent'),
    clock: () => new Date(),
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
  });
  await seedDemoContent(db.db, services);
  const now = new Date().toISOString();
  const renewed = now.slice(0, 10);
  const people = Array.from({ length: RECIPIENTS }, (_, i) => ({ id: randomUUID(), email: `reader${i}@example.org` }));
  for (let i = 0; i < people.length; i += 500) {
    const slice = people.slice(i, i + 500);
    await db.db
      .insertInto('users')
      .values(
        slice.map((p, j) => ({
          id: p.id,
          email: p.email,
          email_key: p.email,
          password_hash: 'x',
          role: 'member' as const,
          first_name: 'Ani',
          last_name: `Reader ${i + j}`,
          tier_index: (i + j) % 3,
          registered_date: renewed,
          last_renewed_date: renewed,
          created_at: now,
        })),
      )
      .execute();
    await db.db
      .insertInto('consents')
      .values(
        slice.map((p) => ({
          id: randomUUID(),
          user_id: p.id,
          email_key: p.email,
          news_email: 1,
          source: 'register',
          wording_version: 'bench',
          at: now,
          topic: null,
        })),
      )
      .execute();
  }
  const admin = { id: people[0]!.id, email: people[0]!.email };
  const list = (await services.newsletters.lists())[0]!;
  const content = JSON.stringify({
    blocks: Array.from({ length: 12 }, (_, i) => ({
      key: `b${i}`,
      text: `Paragraph ${i}: news of the association, Բարեւ ձեզ, with enough words to be a real paragraph of a real newsletter.`,
      type: i % 4 === 0 ? 'header-two' : 'unstyled',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    })),
    entityMap: {},
  });
  const app = await buildApp({ config, db, services });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const target = `${address}/api/events`;
  const timed = async () => (await autocannon({ url: target, connections: 10, duration: seconds })).latency.p99;

  const quietP99 = await timed();
  const memory: number[] = [];
  const sample = setInterval(() => memory.push(process.memoryUsage().rss), 250);
  const before = process.memoryUsage();

  const { _id } = await services.newsletters.create(
    { subject: 'Bench newsletter', content, list: list._id, audience: { kind: 'all_members' } },
    admin,
  );
  const started = performance.now();
  await services.newsletters.send(_id, undefined, admin);
  await services.background.idle();
  const queuedMs = Math.round(performance.now() - started);
  const queued = (await services.newsletters.view(_id)).counts.recipients;

  await services.mailer.start();
  const sendingP99 = await timed();
  const sent = (await services.newsletters.view(_id)).counts.sent;
  // The same sending with nobody else asking anything of the server.
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const sentIdle = (await services.newsletters.view(_id)).counts.sent - sent;
  clearInterval(sample);
  const after = process.memoryUsage();

  await app.close();
  await services.close();
  await db.close();
  await peer.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return [
    `  ${queued.toLocaleString('en-GB')} recipients queued (one outbox message each) in ${queuedMs} ms   (target: at most 5,000 ms)`,
    `  ${target.replace(address, '')} p99: quiet ${quietP99} ms, while sending ${sendingP99} ms   (${sent.toLocaleString('en-GB')} sent to an SMTP peer on loopback in ${seconds} s at ${PER_MINUTE.toLocaleString('en-GB')} a minute)`,
    `  sent with the site idle: ${sentIdle.toLocaleString('en-GB')} in ${seconds} s`,
    `  memory (RSS): before ${mib(before.rss)} MiB, during ${mib(Math.min(...memory))}-${mib(Math.max(...memory))} MiB, after ${mib(after.rss)} MiB; heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)} MiB`,
  ];
}

// Run alone: node --import tsx scripts/bench/newsletters.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  newsletterFigures(Number(process.env.BENCH_SECONDS ?? 5))
    .then((lines) => {
      console.log('Newsletters (SQLite):');
      for (const line of lines) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
