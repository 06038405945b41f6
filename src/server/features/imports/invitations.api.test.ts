import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { commit, csvText, dryRun } from '../../testing/imports';
import { signIn } from '../../testing/membership';
import { startSmtpPeer } from '../../testing/smtp-peer';

/** Invitations to set a password (through the outbox, to a real SMTP peer), and adding a person by hand. */
describe('inviting imported members', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let admin: { id: string; email: string; authorization: string };
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await t.userWithRole('admin');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const header = ['First name', 'Last name', 'E-mail', 'Tier', 'Last renewed'];
  async function imported(emails: string[]) {
    const rows = emails.map((email, i) => ['Invitee', `Number ${i}`, email, 'Students', '01/10/2026']);
    const run = (await dryRun(t, admin.authorization, { members: Buffer.from(csvText([header, ...rows])) })).json();
    await commit(t, admin.authorization, run.id);
    return run.id as string;
  }
  const invite = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/members/invite', headers: { authorization: admin.authorization }, payload });
  const linkIn = (raw: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(raw.replace(/=\r\n/g, ''))![1]!;
  const invitationMail = async (email: string) =>
    t.db.db.selectFrom('outbox').selectAll().where('to_address', '=', email).where('kind', '=', 'invitation').orderBy('id').execute();
  const check = (token: string) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
  const accept = (token: string, new_password: string) =>
    t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, new_password } });

  it('queues one invitation each at a steady rate, delivers each once, and the link works once from its button', async () => {
    const emails = ['inv1@example.org', 'inv2@example.org', 'inv3@example.org'];
    const importId = await imported(emails);
    const res = await invite({ import_id: importId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invited: 3, skipped: 0 });
    // A second click a moment later invites nobody again.
    expect((await invite({ import_id: importId })).json()).toMatchObject({ invited: 0, skipped: 3 });
    const queued = await t.db.db
      .selectFrom('outbox')
      .select(['to_address', 'not_before', 'status'])
      .where('kind', '=', 'invitation')
      .orderBy('id')
      .execute();
    expect(queued.map((m) => m.to_address)).toEqual(emails);
    const times = queued.map((m) => Date.parse(m.not_before!));
    expect(times[1]! - times[0]!).toBe(2000);
    expect(times[2]! - times[1]!).toBe(2000);

    // Only those whose turn has come leave; each once, however many delivery runs there are.
    await t.services.mailer.idle();
    await t.services.mailer.deliver();
    expect(smtp.received.filter((m) => m.to.includes('inv1@example.org'))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes('inv3@example.org'))).toHaveLength(0);
    t.clock.advance(10_000);
    await Promise.all([t.services.mailer.deliver(), t.services.mailer.deliver()]);
    for (const email of emails)
      expect(
        smtp.received.filter((m) => m.to.includes(email)),
        email,
      ).toHaveLength(1);

    // The people list shows who was invited.
    const people = await t.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${importId}/people`,
      headers: { authorization: admin.authorization },
    });
    expect(people.json().items.map((p: { email: string; invitation: string }) => [p.email, p.invitation])).toEqual(
      emails.map((e) => [e, 'invited']),
    );

    const token = linkIn(smtp.received.find((m) => m.to.includes('inv1@example.org'))!.raw);
    // Opening the link (a mail scanner, or the person) changes nothing, however often.
    for (let i = 0; i < 3; i++)
      expect((await check(token)).json()).toEqual({ valid: true, email: 'inv1@example.org', first_name: 'Invitee' });
    expect((await signIn(t, 'inv1@example.org', '')).statusCode).toBe(400);
    expect((await signIn(t, 'inv1@example.org', 'anything at all')).statusCode).toBe(401);
    expect((await accept(token, 'short')).json()).toMatchObject({ field: 'new_password' });
    const [first, second] = await Promise.all([accept(token, 'a brand new password'), accept(token, 'another new password')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const chosen = first.statusCode === 200 ? 'a brand new password' : 'another new password';
    expect((await check(token)).json()).toEqual({ valid: false, email: null, first_name: null });
    t.clock.advance(60_000);
    const signedIn = await signIn(t, 'inv1@example.org', chosen);
    expect(signedIn.statusCode).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/member_info',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(info.json()).toMatchObject({ tier_index: 2, last_renewed_date: '2026-10-01' });
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/admin/imports/${importId}/people`, headers: { authorization: admin.authorization } })
    ).json();
    expect(after.items[0]).toMatchObject({
      email: 'inv1@example.org',
      invitation: 'accepted',
      has_password: true,
      last_signed_in_at: t.clock.now.toISOString(),
    });
    // Invited people with a password now are not invited again; nor can the import be undone.
    t.clock.advance(2 * 60_000);
    expect((await invite({ import_id: importId })).json()).toMatchObject({ invited: 2, skipped: 1 });
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${importId}/undo`,
      headers: { authorization: admin.authorization },
    });
    expect(undo.statusCode).toBe(409);
  });

  it('voids the older link when one is sent again, and ends after 14 days', async () => {
    const importId = await imported(['again@example.org']);
    const [id] = (
      await t.app.inject({ method: 'GET', url: `/api/admin/imports/${importId}/people`, headers: { authorization: admin.authorization } })
    )
      .json()
      .items.map((p: { _id: string }) => p._id);
    await invite({ member_ids: [id] });
    t.clock.advance(2 * 60_000);
    await invite({ member_ids: [id] });
    const mails = await invitationMail('again@example.org');
    expect(mails).toHaveLength(2);
    const [older, newer] = mails.map((m) => linkIn(m.text_body));
    expect((await check(older!)).json().valid).toBe(false);
    expect((await accept(older!, 'a good long password')).statusCode).toBe(400);
    expect((await check(newer!)).json().valid).toBe(true);
    t.clock.advance(14 * 24 * 60 * 60 * 1000 + 1000);
    expect((await check(newer!)).json().valid).toBe(false);
    t.clock.advance(-(14 * 24 * 60 * 60 * 1000 + 1000));
    const audit = await t.db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', id).where('action', '=', 'mailed').execute();
    expect(audit.map((a) => a.summary)).toEqual([
      'Invited again@example.org to choose a password',
      'Invited again@example.org to choose a password',
    ]);
  });

  it('invites each person in their own language, linking to the page in it (decision 191)', async () => {
    const importId = await imported(['invitee-hy@example.org', 'invitee-en@example.org']);
    await t.db.db.updateTable('users').set({ language: 'hy' }).where('email', '=', 'invitee-hy@example.org').execute();
    expect((await invite({ import_id: importId })).json()).toMatchObject({ invited: 2 });
    const [armenian] = await invitationMail('invitee-hy@example.org');
    expect(armenian!.subject).toBe('Ձեր անդամակցությունը Armenian Medical Association of Great Britain-ում․ ընտրեք գաղտնաբառ');
    expect(armenian!.text_body).toContain('Հարգելի Invitee,');
    expect(armenian!.text_body).toMatch(/Ձեր անդամակցությունը \([^)]+\) գործում է մինչև 1 հոկտեմբերի, 2027 թ\./);
    expect(armenian!.text_body).toMatch(/http:\/\/localhost:8000\/hy\/invitation\/[A-Za-z0-9_-]+/);
    expect(armenian!.html_body).toContain('<html lang="hy">');
    const [english] = await invitationMail('invitee-en@example.org');
    expect(english!.subject).toBe('Your membership of the Armenian Medical Association of Great Britain: choose a password');
    expect(english!.text_body).toContain('Your membership (Students) runs until 1 October 2027.');
    expect(english!.text_body).toMatch(/http:\/\/localhost:8000\/invitation\/[A-Za-z0-9_-]+/);
    // The Armenian link works as the English one does.
    expect((await check(linkIn(armenian!.text_body))).json().valid).toBe(true);
  });

  it('lets an imported person use "Forgot password" instead, which voids the invitation', async () => {
    const importId = await imported(['forgot@example.org']);
    await invite({ import_id: importId });
    const invitationToken = linkIn((await invitationMail('forgot@example.org'))[0]!.text_body);
    expect((await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email: 'forgot@example.org' } })).statusCode).toBe(200);
    await t.services.background.idle();
    const reset = await t.db.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'forgot@example.org')
      .where('kind', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const uid = /pwReset\/([A-Za-z0-9_-]+)/.exec(reset.text_body)![1]!;
    const res = await t.app.inject({ method: 'POST', url: '/api/pw_reset_submit', payload: { uid, newPassword: 'reset by myself' } });
    expect(res.statusCode).toBe(200);
    expect((await signIn(t, 'forgot@example.org', 'reset by myself')).statusCode).toBe(200);
    expect((await check(invitationToken)).json().valid).toBe(false);
  });

  it('adds a person by hand with the registration form’s rules, tier, dates and an invitation; a taken address is 409 without saying whose', async () => {
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/members', headers: { authorization: admin.authorization }, payload });
    const person = {
      title: 'Dr',
      first_name: 'Hand',
      last_name: 'Made',
      email: 'hand@example.org',
      tier_index: 0,
      addr_line1: '3 Side St',
      addr_city: 'Leeds',
      addr_post: 'LS1 1AA',
      phone_no: '0113 496 0000',
      registered_date: '2015-04-01',
      last_renewed_date: '2026-04-01',
      news_email: true,
      invite: true,
    };
    const res = await add(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invited: true });
    const user = await t.db.db.selectFrom('users').selectAll().where('id', '=', res.json()._id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      title: 'Dr',
      role: 'member',
      password_hash: '',
      tier_index: 0,
      registered_date: '2015-04-01',
      last_renewed_date: '2026-04-01',
    });
    expect(await invitationMail('hand@example.org')).toHaveLength(1);
    const consent = await t.db.db.selectFrom('consents').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ news_email: 1, source: 'admin' });
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', '=', user.id)
      .where('action', '=', 'created')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, kind: 'account', summary: 'Added Hand Made (hand@example.org) by hand' });

    const taken = await add({ ...person, email: 'HAND@example.org', first_name: 'Other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: 'An account with this e-mail address already exists.' });
    expect(taken.body).not.toContain('Hand');
    expect((await add({ ...person, email: 'x@example.org', phone_no: '' })).json()).toMatchObject({ field: 'phone_no' });
    expect((await add({ ...person, email: 'x@example.org', tier_index: 7 })).json()).toMatchObject({ field: 'tier_index' });
    expect((await add({ ...person, email: 'x@example.org', last_renewed_date: '2026-02-30' })).json()).toMatchObject({
      field: 'last_renewed_date',
    });
    expect((await add({ ...person, email: 'x@example.org', last_renewed_date: '2027-01-01' })).json()).toMatchObject({
      field: 'last_renewed_date',
    });
    const member = await t.userWithRole('member');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/members', headers: { authorization: member.authorization }, payload: person }))
        .statusCode,
    ).toBe(403);
  });

  it('puts what an import holds about a person in their data export, and erases it with the account', async () => {
    const header2 = [
      'First name',
      'Last name',
      'E-mail',
      'Tier',
      'Last renewed',
      'Note',
      'Gift Aid declared',
      'Address line 1',
      'Postcode',
    ];
    const run = (
      await dryRun(t, admin.authorization, {
        members: Buffer.from(
          csvText([
            header2,
            ['Priv', 'Acy', 'privacy@example.org', '0', '01/06/2026', 'Paid by cheque in 2019', '01/06/2020', '9 Lane', 'M1 1AA'],
          ]),
        ),
      })
    ).json();
    await commit(t, admin.authorization, run.id);
    await invite({ import_id: run.id });
    const token = linkIn((await invitationMail('privacy@example.org'))[0]!.text_body);
    await accept(token, 'my private password');
    const authorization = `Bearer ${(await signIn(t, 'privacy@example.org', 'my private password')).json().access_token}`;
    const exported = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization } })).body);
    expect(exported.notes).toEqual([expect.objectContaining({ body: 'Paid by cheque in 2019' })]);
    expect(exported.invitations).toEqual([expect.objectContaining({ used_at: expect.any(String) })]);
    expect(exported.imported_rows).toEqual([
      expect.objectContaining({ file_name: 'members.csv', row: 2, values: expect.objectContaining({ note: 'Paid by cheque in 2019' }) }),
    ]);
    expect(exported.gift_aid_declarations).toEqual([expect.objectContaining({ donation_id: null, house: '9 Lane', past_and_future: 1 })]);
    expect(JSON.stringify(exported)).not.toContain(token);

    const userId = exported.account.id as string;
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { authorization },
      payload: { password: 'my private password' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = async (table: 'import_rows' | 'member_notes' | 'member_invitations') =>
      (await t.db.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute()).length;
    expect([await left('import_rows'), await left('member_notes'), await left('member_invitations')]).toEqual([0, 0, 0]);
    expect(await t.db.db.selectFrom('import_rows').select('row_number').where('email_key', '=', 'privacy@example.org').execute()).toEqual(
      [],
    );
    // The declaration is kept whole for HMRC (decision record 040), without the account.
    const kept = await t.db.db.selectFrom('gift_aid_declarations').selectAll().where('house', '=', '9 Lane').executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
  });
});
