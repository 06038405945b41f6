import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { outboxFor } from '../../testing/membership';
import { startSmtpPeer } from '../../testing/smtp-peer';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMailer, MAIL_DELIVERY, type Mailer } from './mailer';
import { outboxRepo } from './outbox.repo';

type Peer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** Mail through a graceful stop, a kill and a long outage of the mail server (decision 097). */
describe('mail through stops, restarts and outages', () => {
  let t: TestApp;
  const peers: Peer[] = [];
  const mailers: Mailer[] = [];
  beforeAll(async () => {
    // The app's own mailer has no SMTP: the servers below, on its database, do the sending.
    t = await createTestApp();
  });
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
    await Promise.all(peers.splice(0).map((peer) => peer.close()));
  });
  afterAll(() => t.close());

  async function peer(options: Parameters<typeof startSmtpPeer>[0] = {}) {
    const started = await startSmtpPeer(options);
    peers.push(started);
    return started;
  }

  /** A server's mailer on the test's database; the same name is the same server after a restart. */
  function server(name: string, smtpUrl: string, clock: () => Date = () => t.clock.now): Mailer {
    const mailer = createMailer(t.db.db, {
      smtpUrl,
      from: async () => 'office@example.org',
      clock,
      log: createLogger('silent'),
      messageIdHost: 'localhost',
      serverName: name,
    });
    mailers.push(mailer);
    return mailer;
  }

  const queue = (mailer: Mailer, to: string, extra: object = {}) =>
    mailer.queue({ to, subject: `For ${to}`, text: 'Hello', html: '<p>Hello</p>', kind: 'test', ...extra });
  const row = async (to: string) => (await outboxFor(t, to))[0]!;

  it('finishes the message in hand when stopped under a slow mail server, claims nothing more, and sends each once', async () => {
    const slow = await peer({ holdData: true });
    const web1 = server('web-1:8000', slow.url);
    for (const to of ['stop1@example.org', 'stop2@example.org', 'stop3@example.org']) await queue(web1, to);
    web1.deliverSoon();
    // The first message's data has reached the mail server, which has not answered yet: the stop begins.
    await slow.dataArrived();
    const stopped = web1.close();
    expect(await row('stop1@example.org')).toMatchObject({ status: 'sending', claimed_by: 'web-1:8000' });
    slow.acceptData();
    await stopped;
    expect(slow.received.map((mail) => mail.to[0])).toEqual(['stop1@example.org']);
    expect(await row('stop1@example.org')).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null });
    for (const to of ['stop2@example.org', 'stop3@example.org'])
      expect(await row(to)).toMatchObject({ status: 'queued', attempts: 0, claimed_by: null });
    // Stopped, it claims nothing however it is asked.
    web1.deliverSoon();
    expect(await web1.deliver()).toBe(0);
    await web1.idle();
    expect((await row('stop2@example.org')).status).toBe('queued');

    // Started again, the server sends the rest; nothing goes twice.
    const fast = await peer();
    const again = server('web-1:8000', fast.url);
    await again.start();
    await again.idle();
    expect(fast.received.map((mail) => mail.to[0]).sort()).toEqual(['stop2@example.org', 'stop3@example.org']);
    expect(slow.received).toHaveLength(1);
  });

  it('stops between newsletter messages too: the site’s own mail first, the rest left for the restart at the pace; a bounce ends its claim', async () => {
    const slow = await peer({ holdData: true });
    const web1 = server('web-1:8000', slow.url);
    for (const to of ['bulk1@example.org', 'bulk2@example.org', 'bounce-bulk@example.org']) await queue(web1, to, { bulk: true });
    await queue(web1, 'own@example.org');
    web1.deliverSoon();
    await slow.dataArrived();
    const stopped = web1.close();
    slow.acceptData();
    await stopped;
    // Queued last, the site's own message went first; no newsletter message was claimed.
    expect(slow.received.map((mail) => mail.to[0])).toEqual(['own@example.org']);
    for (const to of ['bulk1@example.org', 'bulk2@example.org', 'bounce-bulk@example.org'])
      expect(await row(to)).toMatchObject({ status: 'queued', attempts: 0, claimed_by: null });

    // Restarted: one newsletter message a slot (60 a minute by default), then the next once the clock moves on.
    const fast = await peer();
    const again = server('web-1:8000', fast.url);
    await again.start();
    await again.idle();
    expect(fast.received.map((mail) => mail.to[0])).toEqual(['bulk1@example.org']);
    // The loop also wakes for the next slot by itself: whichever run takes it, idle() waits for it.
    for (let slot = 0; slot < 2; slot++) {
      t.clock.advance(60_000 / 60);
      await again.deliver();
      await again.idle();
    }
    expect(fast.received.map((mail) => mail.to[0])).toEqual(['bulk1@example.org', 'bulk2@example.org']);
    expect(await row('bounce-bulk@example.org')).toMatchObject({ status: 'bounced', attempts: 1, claimed_by: null, lease_until: null });
    const suppressed = await t.db.db
      .selectFrom('mail_suppressions')
      .select('suppressed_at')
      .where('email_key', '=', 'bounce-bulk@example.org')
      .executeTakeFirstOrThrow();
    expect(suppressed.suppressed_at).not.toBeNull();
  });

  it('gives back a message claimed as the stop began, before it reached the mail server', async () => {
    const mailServer = await peer();
    let stopNow = false;
    // The stop begins while the claim is being made (the clock is read just before it).
    const web1: Mailer = server('web-1:8000', mailServer.url, () => {
      if (stopNow) {
        stopNow = false;
        void web1.close();
      }
      return t.clock.now;
    });
    await queue(web1, 'claimed@example.org');
    stopNow = true;
    expect(await web1.deliver()).toBe(0);
    await web1.close();
    expect(mailServer.received).toEqual([]);
    expect(await row('claimed@example.org')).toMatchObject({ status: 'queued', attempts: 0, claimed_by: null, lease_until: null });
    const other = server('web-2:8000', mailServer.url);
    await other.deliver();
    expect(mailServer.received.map((mail) => mail.to[0])).toEqual(['claimed@example.org']);
  });

  it('takes its own claims back at once after being killed, under the same Message-ID; another server’s wait for their lease', async () => {
    const mailServer = await peer();
    const writer = server('writer:8000', mailServer.url);
    await queue(writer, 'killed@example.org');
    await queue(writer, 'elsewhere@example.org');
    // Two servers claim a message each, then die before sending (kill -9).
    const repo = outboxRepo(t.db.db);
    const lease = new Date(t.clock.now.getTime() + MAIL_DELIVERY.leaseMs).toISOString();
    const now = t.clock.now.toISOString();
    await repo.claimNext(MAIL_DELIVERY.maxAttempts, now, lease, '<unused@localhost>', 'web-1:8000');
    await repo.claimNext(MAIL_DELIVERY.maxAttempts, now, lease, '<unused@localhost>', 'web-2:8000');
    const killed = await row('killed@example.org');
    expect(killed).toMatchObject({ status: 'sending', claimed_by: 'web-1:8000' });

    const restarted = server('web-1:8000', mailServer.url);
    await restarted.start();
    await restarted.idle();
    expect(mailServer.received.map((mail) => [mail.to[0], mail.messageId])).toEqual([['killed@example.org', killed.message_id]]);
    expect(await row('killed@example.org')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row('elsewhere@example.org')).toMatchObject({ status: 'sending', claimed_by: 'web-2:8000' });

    t.clock.advance(MAIL_DELIVERY.leaseMs + 1000);
    await restarted.deliver();
    expect(mailServer.received.map((mail) => mail.to[0])).toEqual(['killed@example.org', 'elsewhere@example.org']);
  });
});

/** Links in mail that the mail server held up for longer than they work (decision 097). */
describe('links that expire in the outbox', () => {
  let t: TestApp | undefined;
  let mailServer: Peer | undefined;
  afterEach(async () => {
    await t?.close();
    await mailServer?.close();
  });

  /** The site, its mail server refusing the first `refusals` messages (an outage), and a member. */
  async function siteWithOutage(refusals: number, email: string) {
    mailServer = await startSmtpPeer({ refuseFirstData: refusals });
    t = await createTestApp({ SMTP_URL: mailServer.url });
    const member = await t.userWithRole('member', email);
    return { t, mailServer, member };
  }
  const row = async (t: TestApp, to: string) => (await outboxFor(t, to))[0]!;

  it('never sends a reset link that expired while the mail server was away: the member is told to ask again', async () => {
    const { t, mailServer, member } = await siteWithOutage(1, 'outage@example.org');
    const asked = await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email: member.email } });
    expect(asked.statusCode).toBe(200);
    await t.services.background.idle();
    await t.services.mailer.idle();
    const held = await row(t, member.email);
    expect(held).toMatchObject({ status: 'failed', kind: 'password-reset' });
    expect(held.text_body).toMatch(/signIn\/pwReset\//);

    // It is back 55 minutes later: the link would die within minutes, so it is not sent.
    t.clock.advance(55 * 60 * 1000);
    await t.services.mailer.deliver();
    expect(mailServer.received).toHaveLength(1);
    const [mail] = mailServer.received;
    expect(mail!.raw).toContain('Subject: Your password reset link expired');
    expect(mail!.raw).not.toMatch(/pwReset/);
    expect(mail!.messageId).toBe(held.message_id);
    const sent = await row(t, member.email);
    expect(sent).toMatchObject({ status: 'sent', subject: 'Your password reset link expired', expires_at: null, on_expiry: null });
    expect(sent.text_body).not.toMatch(/pwReset/);
    expect(sent.text_body).toContain('http://localhost:8000/signIn/pwForgot');
  });

  it('drops a message whose deadline passed with nothing to send instead', async () => {
    const { t, mailServer } = await siteWithOutage(1, 'someone@example.org');
    await t.services.mailer.send({
      to: 'deadline@example.org',
      subject: 'Offer',
      text: 'Take it by noon',
      html: '<p>Take it by noon</p>',
      kind: 'test',
      expiresAt: new Date(t.clock.now.getTime() + 60_000).toISOString(),
    });
    await t.services.mailer.idle();
    t.clock.advance(5 * 60_000);
    await t.services.mailer.deliver();
    expect(mailServer.received).toEqual([]);
    const dropped = await row(t, 'deadline@example.org');
    expect(dropped).toMatchObject({ status: 'failed', attempts: MAIL_DELIVERY.maxAttempts });
    expect(dropped.last_error).toMatch(/link had expired/);
  });

  it('sends a delayed reset link that still has time, as it was', async () => {
    const { t, mailServer, member } = await siteWithOutage(1, 'delayed@example.org');
    await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email: member.email } });
    await t.services.background.idle();
    await t.services.mailer.idle();
    t.clock.advance(20 * 60 * 1000);
    await t.services.mailer.deliver();
    expect(mailServer.received).toHaveLength(1);
    expect(mailServer.received[0]!.raw).toContain('Subject: Reset your password');
    expect(mailServer.received[0]!.raw).toMatch(/signIn\/pwReset\//);
  });

  it('tells the new address to ask again when the e-mail change link expired in the outbox', async () => {
    const { t, mailServer, member } = await siteWithOutage(2, 'changing@example.org');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: { authorization: member.authorization },
      payload: { new_email: 'new-address@example.org', password: member.password },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.services.mailer.idle();
    t.clock.advance(23.5 * 60 * 60 * 1000);
    await t.services.mailer.deliver();
    const toNew = mailServer.received.find((mail) => mail.to[0] === 'new-address@example.org')!;
    expect(toNew.raw).toContain('Subject: Your e-mail address was not changed');
    expect(toNew.raw).not.toMatch(/confirm-email/);
    // The notice to the old address has no link to lose: it goes as it was.
    expect(mailServer.received.find((mail) => mail.to[0] === member.email)!.raw).toContain('is being changed');
  });
});
