import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { outboxFor, registeredMember, signIn } from '../../testing/membership';

describe('the admin acting on a member’s account', () => {
  let t: TestApp;
  let admin: { id: string; authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin');
  });
  afterAll(() => t.close());

  const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  const userId = async (email: string) =>
    (await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('corrects details and e-mail at once, tells both addresses and audits each change; members may not', async () => {
    const { form, authorization } = await registeredMember(t);
    const id = await userId(form.email);
    const details = (await call(admin.authorization, 'GET', `/api/admin/members/${id}`)).json();
    const fixed = { ...details, last_name: 'Sargsian', addr_line2: 'Flat 2' };
    const res = await call(admin.authorization, 'POST', `/api/admin/members/${id}/details`, fixed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ last_name: 'Sargsian', addr_line2: 'Flat 2' });
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${id}/details`, { ...fixed, phone_no: '' })).json().field).toBe(
      'phone_no',
    );
    expect((await call(admin.authorization, 'POST', '/api/admin/members/nobody/details', fixed)).statusCode).toBe(404);

    const other = await registeredMember(t);
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${id}/email`, { email: other.form.email })).statusCode).toBe(409);
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${id}/email`, { email: 'typo' })).json().field).toBe('email');
    const corrected = `fixed-${Date.now()}@example.org`;
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${id}/email`, { email: corrected })).statusCode).toBe(200);
    expect((await outboxFor(t, corrected)).map((m) => m.kind)).toEqual(['email-changed']);
    expect((await outboxFor(t, form.email)).map((m) => m.kind)).toContain('email-changed');
    // The account's address changed: the member's sessions ended, and they sign in with the new one.
    expect((await call(authorization, 'GET', '/api/member_info')).statusCode).toBe(401);
    const again = await signIn(t, corrected, form.plain_pw);
    expect(again.statusCode).toBe(200);
    const fresh = `Bearer ${again.json<{ access_token: string }>().access_token}`;

    const audit = await t.db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', id).orderBy('seq').execute();
    expect(audit.map((a) => [a.actor_id, a.summary])).toEqual([
      [admin.id, 'Details changed: last_name, addr_line2'],
      [admin.id, `E-mail changed from ${form.email} to ${corrected}`],
    ]);

    for (const [method, path, body] of [
      ['POST', 'details', fixed],
      ['POST', 'email', { email: 'x@example.org' }],
      ['GET', 'consents', undefined],
      ['GET', 'mail', undefined],
      ['POST', 'resend', { outbox_id: 1 }],
      ['POST', 'erase', undefined],
    ] as const)
      expect((await call(fresh, method, `/api/admin/members/${id}/${path}`, body)).statusCode, path).toBe(403);
  });

  it('shows the consent history and resends the welcome, only the member’s own', async () => {
    const { form } = await registeredMember(t, { news_email: true });
    const id = await userId(form.email);
    expect((await call(admin.authorization, 'GET', `/api/admin/members/${id}/consents`)).json().items).toEqual([
      expect.objectContaining({ news_email: true, source: 'register' }),
    ]);
    const [welcome] = (await call(admin.authorization, 'GET', `/api/admin/members/${id}/mail`)).json().items;
    expect(welcome).toMatchObject({ kind: 'welcome', to: form.email });
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${id}/resend`, { outbox_id: welcome._id })).statusCode).toBe(200);
    const sent = await outboxFor(t, form.email);
    expect(sent.filter((m) => m.kind === 'welcome')).toHaveLength(2);
    expect(sent.at(-1)!.text_body).toBe(sent[0]!.text_body);

    const stranger = await registeredMember(t);
    const strangerId = await userId(stranger.form.email);
    expect(
      (await call(admin.authorization, 'POST', `/api/admin/members/${strangerId}/resend`, { outbox_id: welcome._id })).statusCode,
    ).toBe(404);
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${id}/resend`, { outbox_id: 'x' })).json().field).toBe('outbox_id');
  });

  it('erases a member on request, never an admin', async () => {
    const { form } = await registeredMember(t);
    const id = await userId(form.email);
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${admin.id}/erase`)).statusCode).toBe(409);
    expect((await call(admin.authorization, 'POST', `/api/admin/members/${id}/erase`)).statusCode).toBe(200);
    expect((await call(admin.authorization, 'GET', `/api/admin/members/${id}`)).statusCode).toBe(404);
    const entry = await t.db.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'account', action: 'deleted', actor_id: admin.id, subject_id: null });
    expect(entry.summary).not.toContain(form.email);
  });
});
