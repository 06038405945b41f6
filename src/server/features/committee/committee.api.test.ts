import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('committee', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: admin }, payload });
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/committees' })).json<Record<string, unknown>[]>();
  const member = (name: string, priority?: number) => ({
    name,
    role: 'Member',
    image: '',
    description: `About ${name}`,
    ...(priority === undefined ? {} : { priority }),
  });

  it('lists members by priority, highest first, ties by name', async () => {
    for (const [name, priority] of [
      ['Zara', 50],
      ['anna', 50],
      ['Boris', 90],
      ['Carl', 50],
    ] as const) {
      expect((await post('/api/new_committee', member(name, priority))).statusCode).toBe(200);
    }
    const res = await post('/api/new_committee', member('Default priority'));
    expect(res.json()).toEqual({ inserted_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const members = await list();
    expect(members.map((m) => m.name)).toEqual(['Default priority', 'Boris', 'anna', 'Carl', 'Zara']);
    expect(members[0]).toEqual({
      _id: res.json().inserted_id,
      name: 'Default priority',
      role: 'Member',
      image: '',
      description: 'About Default priority',
      priority: 100,
      hy: null,
    });
  });

  it('updates and deletes by id, and says when the id is unknown', async () => {
    const { inserted_id: id } = (await post('/api/new_committee', member('Temporary', 10))).json();
    const update = await post('/api/update_committee', { _id: id, ...member('Renamed', 95), image: 'https://example.org/p.jpg' });
    expect(update.json()).toEqual({ succeeded: true });
    expect((await list()).find((m) => m._id === id)).toMatchObject({ name: 'Renamed', priority: 95, image: 'https://example.org/p.jpg' });

    expect((await post('/api/delete_committee', { _id: id })).json()).toEqual({ succeeded: true });
    expect((await list()).some((m) => m._id === id)).toBe(false);

    for (const [url, payload] of [
      ['/api/update_committee', { _id: id, ...member('Ghost', 1) }],
      ['/api/delete_committee', { _id: id }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Committee member not found' });
    }
  });

  it('refuses invalid members with the field at fault, storing nothing', async () => {
    const before = await list();
    const cases: [object, string][] = [
      [{ ...member(''), priority: 1 }, 'name'],
      [{ ...member('   '), priority: 1 }, 'name'],
      [{ ...member('x'.repeat(201)), priority: 1 }, 'name'],
      [{ ...member('Ok'), role: '' }, 'role'],
      [{ ...member('Ok'), priority: 1.5 }, 'priority'],
      [{ ...member('Ok'), priority: '7' }, 'priority'],
      [{ ...member('Ok'), image: 'javascript:alert(1)' }, 'image'],
      [{ ...member('Ok'), image: '/api/images/../../etc/passwd.png' }, 'image'],
      [{ ...member('Ok'), description: 'd'.repeat(5001) }, 'description'],
      [{ role: 'Member', image: '', description: '' }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/new_committee', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const noId = await post('/api/update_committee', member('No id', 1));
    expect(noId.json()).toMatchObject({ field: '_id' });
    expect(await list()).toEqual(before);
  });
});
