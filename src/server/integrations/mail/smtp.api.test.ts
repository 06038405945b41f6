import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../../testing/membership';
import { startSmtpPeer } from '../../testing/smtp-peer';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MAIL_DELIVERY } from './mailer';

describe('e-mail over SMTP', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${peer.port}`, MAIL_FROM: 'Association <office@example.org>' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('delivers a password reset mail and records it as sent', async () => {
    const member = await t.userWithRole('member', 'reader@example.org');
    await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email: member.email } });
    await t.services.background.idle();
    await t.services.mailer.idle();
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail!.from).toBe('office@example.org');
    expect(mail!.to).toEqual(['reader@example.org']);
    expect(mail!.raw).toContain('Subject: Reset your password');
    expect(mail!.raw).toMatch(/signIn\/pwReset\//);
    expect(mail!.raw).toContain('Content-Type: text/html');
    const [row] = await outboxFor(t, member.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it("shows the admin's outbox as delivered, without the text of a reset link", async () => {
    const admin = await t.userWithRole('admin');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: admin.authorization } });
    const page = (await get('/api/admin/outbox?q=reader%40')).json();
    expect(page).toMatchObject({ delivery: 'smtp', total: 1 });
    expect(page.items[0]).toMatchObject({ status: 'sent', subject: 'Reset your password' });
    const message = (await get(`/api/admin/outbox/${page.items[0]._id}`)).json();
    expect(message.text_body).not.toMatch(/pwReset/);
    expect(message.text_body).toMatch(/not shown here/);
  });

  it('sends attachments as they were queued', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Կարեւոր\r\nEND:VCALENDAR\r\n';
    await t.services.mailer.send({
      to: 'attendee@example.org',
      subject: 'Your booking',
      text: 'See you there',
      html: '<p>See you there</p>',
      kind: 'test',
      attachments: [{ filename: 'event.ics', contentType: 'text/calendar', content: ics }],
    });
    await t.services.mailer.idle();
    const mail = peer.received.find((m) => m.to.includes('attendee@example.org'))!;
    const part =
      /Content-Type: text\/calendar; name=event\.ics\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename=event\.ics\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(
        mail.raw,
      );
    expect(part, mail.raw).not.toBeNull();
    expect(Buffer.from(part![1]!.replace(/\r\n/g, ''), 'base64').toString()).toBe(ics);
  });

  it('keeps a message refused for now as failed, and tries again once its wait is over', async () => {
    await t.services.mailer.send({ to: 'busy@example.org', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', kind: 'test' });
    await t.services.mailer.idle();
    const [row] = await outboxFor(t, 'busy@example.org');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/Mailbox busy/);
    await t.services.mailer.deliver();
    expect((await outboxFor(t, 'busy@example.org'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    t.clock.advance(MAIL_DELIVERY.retryDelayMs(1));
    await t.services.mailer.deliver();
    expect((await outboxFor(t, 'busy@example.org'))[0]).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('never tries again a message refused for good (5xx), and says so (decision 123)', async () => {
    await t.services.mailer.send({ to: 'bounce@example.org', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', kind: 'test' });
    await t.services.mailer.idle();
    const [row] = await outboxFor(t, 'bounce@example.org');
    expect(row).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(row!.last_error).toMatch(/Mailbox unavailable/);
    t.clock.advance(MAIL_DELIVERY.retryDelayMs(1));
    await t.services.mailer.deliver();
    expect((await outboxFor(t, 'bounce@example.org'))[0]).toMatchObject({ status: 'bounced', attempts: 1 });
  });
});

describe('DKIM signing by the site', () => {
  it('signs every message with the configured domain and selector', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const peer = await startSmtpPeer();
    const t = await createTestApp({
      SMTP_URL: peer.url,
      MAIL_FROM: 'Association <office@example.org>',
      DKIM_DOMAIN: 'example.org',
      DKIM_SELECTOR: 'site2026',
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    try {
      await t.services.mailer.send({ to: 'signed@example.org', subject: 'Signed', text: 'Hello', html: '<p>Hello</p>', kind: 'test' });
      await t.services.mailer.idle();
      const [mail] = peer.received;
      expect(mail!.raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=example\.org;[\s\S]*?s=site2026;/m);
    } finally {
      await t.close();
      await peer.close();
    }
  });

  it('refuses half a DKIM setting at start, naming it', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ DKIM_DOMAIN: 'example.org' })).toThrow(/DKIM_DOMAIN: DKIM signing needs/);
  });
});
