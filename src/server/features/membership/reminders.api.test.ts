import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addYears } from '../../../shared/domain/membership';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { dueReminder } from './membership.reminders';

describe('renewal reminders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A member whose membership ends `days` after today (2026-11-21). */
  const memberEnding = async (days: number) => {
    const user = await t.userWithRole('member');
    const expiry = new Date(Date.UTC(2026, 10, 21 + days)).toISOString().slice(0, 10);
    await t.db.db
      .updateTable('users')
      .set({ tier_index: 1, registered_date: '2020-01-01', last_renewed_date: addYears(expiry, -1) })
      .where('id', '=', user.id)
      .execute();
    return user.email;
  };
  const mailsTo = async (email: string) =>
    (await t.db.db.selectFrom('outbox').select(['kind', 'text_body']).where('to_address', '=', email).execute()).map((m) => m.kind);

  it('picks the reminder due for the days left', () => {
    expect([45, 31, 30, 8, 7, 1, 0, -1, -30, -31].map(dueReminder)).toEqual([
      undefined,
      undefined,
      '30-days',
      '30-days',
      '7-days',
      '7-days',
      '7-days',
      'lapsed',
      'lapsed',
      undefined,
    ]);
  });

  it('sends each reminder once per membership year, even when two servers run at once', async () => {
    const in30 = await memberEnding(30);
    const in7 = await memberEnding(7);
    const lapsedYesterday = await memberEnding(-1);
    const farOff = await memberEnding(120);

    const [first, second] = await Promise.all([t.services.runScheduledJobs(), t.services.runScheduledJobs()]);
    expect(first + second).toBe(3);
    expect(await mailsTo(in30)).toEqual(['reminder-30-days']);
    expect(await mailsTo(in7)).toEqual(['reminder-7-days']);
    expect(await mailsTo(lapsedYesterday)).toEqual(['reminder-lapsed']);
    expect(await mailsTo(farOff)).toEqual([]);
    expect(await t.services.runScheduledJobs()).toBe(0);

    // 23 days on, the first member is at 7 days: the 7-day reminder follows, linking to /renew.
    t.clock.advance(23 * 24 * 60 * 60 * 1000);
    await t.services.runScheduledJobs();
    expect(await mailsTo(in30)).toEqual(['reminder-30-days', 'reminder-7-days']);
    const [, seven] = await t.db.db.selectFrom('outbox').select('text_body').where('to_address', '=', in30).orderBy('id').execute();
    expect(seven!.text_body).toContain('http://localhost:8000/renew');
  });

  it('says how many days are really left when the job runs late, and never promises no lost days after the end', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const late = await memberEnding(18);
    const lapsed = await memberEnding(-3);
    await t.services.runScheduledJobs();
    const text = async (email: string) =>
      (await t.db.db.selectFrom('outbox').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow()).text_body;
    expect(await text(late)).toContain('ends on 9 December 2026, in 18 days.');
    expect(await text(lapsed)).toContain('ran until 18 November 2026 and has now ended.');
    expect(await text(lapsed)).not.toMatch(/loses no days/);
    expect(await text(lapsed)).toContain('your new membership year starts on the day you renew');
  });

  it('claims a reminder and writes its mail together: a failure loses neither', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const email = await memberEnding(5);
    const failingQueue = vi.spyOn(t.services.mailer, 'queue').mockRejectedValue(new Error('disk full'));
    await expect(t.services.runScheduledJobs()).rejects.toThrow('disk full');
    failingQueue.mockRestore();
    expect(await mailsTo(email)).toEqual([]);
    // The next run finds the reminder still to send.
    await t.services.runScheduledJobs();
    expect(await mailsTo(email)).toEqual(['reminder-7-days']);
  });
});
