import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

type EventOut = { _id: string; title: string; dated: string; date: string; description: string };

describe('events', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('events').execute();
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: admin }, payload });
  const create = async (dated: string, title = `Event ${dated}`, description = '') => {
    const res = await post('/api/new_event', { title, dated, description });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().inserted_id as string;
  };
  const list = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/events${query}` })).json<EventOut[]>();

  it('answers each event with its London time and its instant', async () => {
    const id = await create('2026-12-05T18:30', 'Winter lecture', 'Talk, then drinks');
    expect(await list()).toEqual([
      { _id: id, title: 'Winter lecture', dated: '2026-12-05T18:30', date: '2026-12-05T18:30:00.000Z', description: 'Talk, then drinks' },
    ]);
  });

  it('counts an event as past only once it is more than a day old', async () => {
    // now is 2026-11-21 12:00 GMT
    await create('2026-11-20T12:00', 'exactly one day ago');
    await create('2026-11-20T11:59', 'a day and a minute ago');
    expect((await list('?when=upcoming')).map((e) => e.title)).toEqual(['exactly one day ago']);
    expect((await list('?when=past')).map((e) => e.title)).toEqual(['a day and a minute ago']);
    t.clock.advance(60_000);
    expect((await list('?when=past')).map((e) => e.title)).toEqual(['exactly one day ago', 'a day and a minute ago']);
  });

  it('sorts upcoming soonest first and past latest first', async () => {
    for (const dated of ['2027-01-10T10:00', '2026-01-05T10:00', '2026-12-01T10:00', '2025-06-01T10:00', '2026-11-25T10:00'])
      await create(dated);
    expect((await list('?when=upcoming')).map((e) => e.dated)).toEqual(['2026-11-25T10:00', '2026-12-01T10:00', '2027-01-10T10:00']);
    expect((await list('?when=past')).map((e) => e.dated)).toEqual(['2026-01-05T10:00', '2025-06-01T10:00']);
    expect((await list()).map((e) => e.dated)).toEqual([
      '2025-06-01T10:00',
      '2026-01-05T10:00',
      '2026-11-25T10:00',
      '2026-12-01T10:00',
      '2027-01-10T10:00',
    ]);
  });

  it('keeps London times right in the weeks of the March and October clock changes', async () => {
    const cases = [
      ['2026-03-28T18:30', '2026-03-28T18:30:00.000Z'], // Saturday, still GMT
      ['2026-03-29T18:30', '2026-03-29T17:30:00.000Z'], // Sunday, BST from 01:00 GMT
      ['2026-03-30T09:00', '2026-03-30T08:00:00.000Z'],
      ['2026-10-24T18:30', '2026-10-24T17:30:00.000Z'], // Saturday, still BST
      ['2026-10-25T00:30', '2026-10-24T23:30:00.000Z'],
      ['2026-10-25T18:30', '2026-10-25T18:30:00.000Z'], // Sunday, GMT from 02:00 BST
    ];
    for (const [dated] of cases) await create(dated!);
    const events = await list();
    expect(events.map((e) => [e.dated, e.date])).toEqual(cases);
  });

  it('moves a time that the March change skips to the hour after', async () => {
    await create('2026-03-29T01:30');
    expect((await list()).map((e) => [e.dated, e.date])).toEqual([['2026-03-29T02:30', '2026-03-29T01:30:00.000Z']]);
  });

  it('updates and deletes by id, and says when the id is unknown', async () => {
    const id = await create('2026-12-05T18:30', 'Old title');
    expect(
      (await post('/api/update_event', { _id: id, title: 'New title', dated: '2026-07-01T19:00', description: 'Summer' })).json(),
    ).toEqual({
      succeeded: true,
    });
    expect(await list()).toMatchObject([{ _id: id, title: 'New title', dated: '2026-07-01T19:00', date: '2026-07-01T18:00:00.000Z' }]);
    expect((await post('/api/delete_event', { _id: id })).json()).toEqual({ succeeded: true });
    expect(await list()).toEqual([]);
    for (const [url, payload] of [
      ['/api/update_event', { _id: id, title: 'x', dated: '2026-07-01T19:00', description: '' }],
      ['/api/delete_event', { _id: id }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Event not found' });
    }
  });

  it('refuses invalid events with the field at fault, storing nothing', async () => {
    const cases: [object, string][] = [
      [{ title: '', dated: '2026-12-05T18:30', description: '' }, 'title'],
      [{ title: 't'.repeat(201), dated: '2026-12-05T18:30', description: '' }, 'title'],
      [{ title: 'Bad date', dated: '2026-02-30T18:30', description: '' }, 'dated'],
      [{ title: 'Bad time', dated: '2026-12-05T24:30', description: '' }, 'dated'],
      [{ title: 'Seconds', dated: '2026-12-05T18:30:00', description: '' }, 'dated'],
      [{ title: 'Space', dated: '2026-12-05 18:30', description: '' }, 'dated'],
      [{ title: 'Instant', dated: '2026-12-05T18:30:00.000Z', description: '' }, 'dated'],
      [{ title: 'No date', description: '' }, 'dated'],
      [{ title: 'Long', dated: '2026-12-05T18:30', description: 'd'.repeat(5001) }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/new_event', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const badWhen = await t.app.inject({ method: 'GET', url: '/api/events?when=tomorrow' });
    expect(badWhen.statusCode).toBe(400);
    expect(badWhen.json().field).toBe('when');
    expect(await list()).toEqual([]);
  });

  describe('calendar', () => {
    const parse = (ics: string) => {
      const calendar = new ICAL.Component(ICAL.parse(ics));
      return calendar.getAllSubcomponents('vevent').map((vevent) => {
        const event = new ICAL.Event(vevent);
        return { uid: event.uid, start: event.startDate.toJSDate().toISOString(), summary: event.summary, description: event.description };
      });
    };

    it('publishes every event as a subscribable feed with stable UIDs', async () => {
      const summer = await create(
        '2026-07-01T19:00',
        'Summer; picnic, with games',
        'Line one\nLine two, with comma; and semicolon \\ backslash',
      );
      const winter = await create('2026-03-29T18:30', 'Կարեւոր հանդիպում – Armenian title', 'Ա'.repeat(120));
      const res = await t.app.inject({ method: 'GET', url: '/api/events.ics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      const events = parse(res.body);
      expect(events).toEqual([
        {
          uid: `${winter}@localhost:8000`,
          start: '2026-03-29T17:30:00.000Z',
          summary: 'Կարեւոր հանդիպում – Armenian title',
          description: 'Ա'.repeat(120),
        },
        {
          uid: `${summer}@localhost:8000`,
          start: '2026-07-01T18:00:00.000Z',
          summary: 'Summer; picnic, with games',
          description: 'Line one\nLine two, with comma; and semicolon \\ backslash',
        },
      ]);

      await post('/api/update_event', { _id: summer, title: 'Renamed', dated: '2026-07-02T19:00', description: '' });
      const again = parse((await t.app.inject({ method: 'GET', url: '/api/events.ics' })).body);
      expect(again.find((e) => e.summary === 'Renamed')?.uid).toBe(`${summer}@localhost:8000`);
    });

    it('offers one event as a download, and 404 for an unknown one', async () => {
      const id = await create('2026-10-25T18:30', 'After the change');
      const res = await t.app.inject({ method: 'GET', url: `/api/events/${id}.ics` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${id}.ics"`);
      expect(parse(res.body)).toEqual([
        { uid: `${id}@localhost:8000`, start: '2026-10-25T18:30:00.000Z', summary: 'After the change', description: null },
      ]);

      const missing = await t.app.inject({ method: 'GET', url: '/api/events/00000000-0000-0000-0000-000000000000.ics' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Event not found' });
      // Not an event's calendar file at all: no such route.
      for (const url of [`/api/events/${id}.txt`, '/api/events/nope', '/api/events/nope.ics']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toHaveProperty('detail');
      }
    });
  });
});
