import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { outboxFor, proceed, registrationForm } from '../../testing/membership';
import { startSmtpPeer } from '../../testing/smtp-peer';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMailer, MAIL_DELIVERY, type Mailer } from './mailer';
import { outboxRepo } from './outbox.repo';

describe('mail exactly once', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: peer.url, MAIL_FROM: 'Association <office@example.org>' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });
  afterEach(() => {
    peer.received.length = 0;
  });

  /** Another server's mailer on the same database. */
  const otherServer = (): Mailer =>
    createMailer(t.db.db, {
      smtpUrl: peer.url,
      from: async () => 'office@example.org',
      clock: () => t.clock.now,
      log: createLogger('silent'),
      messageIdHost: 'localhost',
      serverName: `other-${Math.random()}`,
    });

  it('sends each message once while four delivery loops run at once and 20 people register', async () => {
    const mailers = [t.services.mailer, otherServer(), otherServer(), otherServer()];
    let registering = true;
    const loops = mailers.map(async (mailer) => {
      while (registering) {
        await mailer.deliver();
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    });
    const forms = Array.from({ length: 20 }, (_, i) => registrationForm({ tier_index: 2, email: `once${i}@example.org` }));
    await Promise.all(
      forms.map(async (form, i) => {
        const started = (await proceed(t, form, `10.70.0.${i + 1}`)).json();
        await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: started });
      }),
    );
    registering = false;
    await Promise.all(loops);
    await Promise.all(mailers.map((mailer) => mailer.deliver()));
    await Promise.all(mailers.map((mailer) => mailer.idle()));

    const welcomes = peer.received.filter((mail) => mail.to[0]!.startsWith('once'));
    expect(welcomes.map((mail) => mail.to[0]).sort()).toEqual(forms.map((form) => form.email).sort());
    const rows = await t.db.db.selectFrom('outbox').selectAll().where('to_address', 'like', 'once%').execute();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(20).fill(['sent', 1]));
    // The Message-ID sent is the one recorded with the message.
    expect(new Set(welcomes.map((mail) => mail.messageId))).toEqual(new Set(rows.map((row) => row.message_id)));
    await Promise.all(mailers.slice(1).map((mailer) => mailer.close()));
  });

  it('tries a message again only once its claim has lapsed, under the same Message-ID', async () => {
    await t.services.mailer.queue({ to: 'crash@example.org', subject: 'Receipt', text: 'Paid', html: '<p>Paid</p>', kind: 'test' });
    const [row] = await outboxFor(t, 'crash@example.org');
    // A delivery run claims it and then its server dies before sending.
    const lease = new Date(t.clock.now.getTime() + MAIL_DELIVERY.leaseMs).toISOString();
    expect(
      await outboxRepo(t.db.db).claimNext(
        MAIL_DELIVERY.maxAttempts,
        t.clock.now.toISOString(),
        lease,
        '<unused@localhost>',
        'crashed:8000',
      ),
    ).toMatchObject({
      id: row!.id,
    });
    await t.services.mailer.deliver();
    expect(peer.received).toEqual([]);

    t.clock.advance(MAIL_DELIVERY.leaseMs + 1000);
    await t.services.mailer.deliver();
    expect(peer.received.map((mail) => mail.messageId)).toEqual([row!.message_id]);
    expect((await outboxFor(t, 'crash@example.org'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    await t.services.mailer.deliver();
    expect(peer.received).toHaveLength(1);
  });

  it('lets a run whose claim lapsed mid-send fail late without queueing another try', async () => {
    await t.services.mailer.queue({ to: 'late@example.org', subject: 'Receipt', text: 'Paid', html: '<p>Paid</p>', kind: 'test' });
    const repo = outboxRepo(t.db.db);
    const firstLease = new Date(t.clock.now.getTime() + MAIL_DELIVERY.leaseMs).toISOString();
    const claimed = await repo.claimNext(
      MAIL_DELIVERY.maxAttempts,
      t.clock.now.toISOString(),
      firstLease,
      '<unused@localhost>',
      'slow:8000',
    );
    // The first run's send hangs past its lease; another run takes the message and sends it.
    t.clock.advance(MAIL_DELIVERY.leaseMs + 1000);
    await t.services.mailer.deliver();
    expect(peer.received.map((mail) => mail.to[0])).toEqual(['late@example.org']);
    // Then the first run's send gives up: the message stays sent and is not tried a third time.
    await repo.markFailed(claimed!.id, firstLease, 'Connection timeout', t.clock.now.toISOString());
    expect((await outboxFor(t, 'late@example.org'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    t.clock.advance(MAIL_DELIVERY.retryDelayMs(2));
    await t.services.mailer.deliver();
    expect(peer.received).toHaveLength(1);
  });

  it('keeps one Message-ID when the server refused a first try, also for a message queued without one', async () => {
    const hiccup = await startSmtpPeer({ refuseFirstData: 1 });
    const mailer = createMailer(t.db.db, {
      smtpUrl: hiccup.url,
      from: async () => 'office@example.org',
      clock: () => t.clock.now,
      log: createLogger('silent'),
      messageIdHost: 'localhost',
      serverName: 'hiccup:8000',
    });
    try {
      for (const to of ['hiccup@example.org', 'older@example.org']) {
        await mailer.queue({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', kind: 'test' });
      }
      // As a message queued before Message-IDs were given at queueing (migration 0007).
      await t.db.db.updateTable('outbox').set({ message_id: null }).where('to_address', '=', 'older@example.org').execute();
      await mailer.deliver();
      const [row] = await outboxFor(t, 'hiccup@example.org');
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      const [older] = await outboxFor(t, 'older@example.org');
      expect(older).toMatchObject({ status: 'sent', attempts: 1 });
      expect(older!.message_id).toMatch(/^<.+@localhost>$/);
      t.clock.advance(MAIL_DELIVERY.retryDelayMs(1));
      await mailer.deliver();
      expect(hiccup.received.map((mail) => mail.messageId)).toEqual([older!.message_id, row!.message_id]);
    } finally {
      await mailer.close();
      await hiccup.close();
    }
  });
});

describe('no request waits on SMTP', () => {
  it('answers a password reset request before a slow mail server has even greeted', async () => {
    const slow = await startSmtpPeer({ greetingDelayMs: 1500 });
    const t = await createTestApp({ SMTP_URL: slow.url });
    try {
      const member = await t.userWithRole('member');
      for (const email of [member.email, 'stranger@example.org']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email } });
        expect(res.json()).toEqual({ succeeded: true });
        expect(slow.received).toEqual([]);
      }
      await t.services.background.idle();
      await t.services.mailer.idle();
      expect(slow.received.map((mail) => mail.to)).toEqual([[member.email]]);
    } finally {
      await t.close();
      await slow.close();
    }
  });
});
