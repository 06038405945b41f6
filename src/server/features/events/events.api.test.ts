import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

type EventOut = { _id: string; title: string; dated: string; date: string; description: string } & Record<string, unknown>;
const noDetails = {
  end_dated: null,
  end_date: null,
  venue_name: null,
  venue_address: null,
  online: false,
  capacity: null,
  places_left: null,
  booking_opens: null,
  booking_closes: null,
  booking_state: 'open',
  member_price_pence: 0,
  price_pence: 0,
  members_only: false,
  cpd_hours: null,
  cancel_cutoff_days: 7,
  image: '',
  image_alt: '',
  language: 'en',
};

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
      {
        _id: id,
        title: 'Winter lecture',
        dated: '2026-12-05T18:30',
        date: '2026-12-05T18:30:00.000Z',
        description: 'Talk, then drinks',
        ...noDetails,
      },
    ]);
  });

  it('keeps a feature image with its words, and refuses a bad address with the field at fault', async () => {
    const image = 'https://cdn.example.org/lecture.jpg';
    const id = await create('2026-12-05T18:30', 'Winter lecture', 'Talk');
    const res = await post('/api/update_event', {
      _id: id,
      title: 'Winter lecture',
      dated: '2026-12-05T18:30',
      description: 'Talk',
      image,
      image_alt: 'A full hall',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list())[0]).toMatchObject({ image, image_alt: 'A full hall' });
    const bad = await post('/api/new_event', { title: 'X', dated: '2026-12-05T18:30', description: '', image: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'image' });
  });

  describe('details', () => {
    const details = {
      title: 'Cardiology update',
      dated: '2026-12-05T18:30',
      description: 'Three talks',
      end_dated: '2026-12-05T21:00',
      venue_name: 'Royal College, Lecture Hall',
      venue_address: '1 Example Street\nLondon W1 1AA',
      online_url: 'https://meet.example.org/abc',
      capacity: '40',
      booking_opens: '2026-11-01T09:00',
      booking_closes: '2026-12-04T12:00',
      member_price_pence: 1000,
      price_pence: '2500',
      members_only: false,
      cpd_hours: 2.5,
      cancel_cutoff_days: 3,
    };

    it('stores every detail, shows the public ones, and keeps the online link for the admin', async () => {
      const res = await post('/api/new_event', details);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().inserted_id as string;
      const expected = {
        _id: id,
        title: 'Cardiology update',
        dated: '2026-12-05T18:30',
        date: '2026-12-05T18:30:00.000Z',
        description: 'Three talks',
        end_dated: '2026-12-05T21:00',
        end_date: '2026-12-05T21:00:00.000Z',
        venue_name: 'Royal College, Lecture Hall',
        venue_address: '1 Example Street\nLondon W1 1AA',
        online: true,
        capacity: 40,
        places_left: 40,
        booking_opens: '2026-11-01T09:00',
        booking_closes: '2026-12-04T12:00',
        booking_state: 'open',
        member_price_pence: 1000,
        price_pence: 2500,
        members_only: false,
        cpd_hours: 2.5,
        cancel_cutoff_days: 3,
        image: '',
        image_alt: '',
        language: 'en',
      };
      expect(await list()).toEqual([expected]);
      const one = await t.app.inject({ method: 'GET', url: `/api/events/${id}` });
      expect(one.json()).toEqual(expected);
      expect(one.body).not.toContain('meet.example.org');
      const admined = await t.app.inject({ method: 'GET', url: `/api/admin/events/${id}`, headers: { authorization: admin } });
      expect(admined.json()).toEqual({ ...expected, online_url: 'https://meet.example.org/abc', hy: null });
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/events/${id}` })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/events/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);

      // Empty form fields clear the details again.
      const cleared = {
        title: 'Cardiology update',
        dated: '2026-12-05T18:30',
        description: '',
        end_dated: '',
        venue_name: '',
        capacity: '',
        cpd_hours: '',
      };
      expect((await post('/api/update_event', { _id: id, ...cleared })).statusCode).toBe(200);
      expect(await list()).toEqual([{ ...expected, ...noDetails, description: '' }]);
    });

    it('says when booking opens and when it has closed', async () => {
      const id = (await post('/api/new_event', details)).json().inserted_id as string;
      const state = async () => (await t.app.inject({ method: 'GET', url: `/api/events/${id}` })).json().booking_state as string;
      t.clock.now = new Date('2026-10-31T12:00:00Z');
      expect(await state()).toBe('not_open_yet');
      t.clock.now = new Date('2026-12-04T11:59:00Z');
      expect(await state()).toBe('open');
      t.clock.now = new Date('2026-12-04T12:00:00Z');
      expect(await state()).toBe('closed');
    });

    it('refuses details that cannot be, naming the field', async () => {
      const cases: [object, string][] = [
        [{ end_dated: '2026-12-05T18:00' }, 'end_dated'],
        [{ online_url: 'javascript:alert(1)' }, 'online_url'],
        [{ online_url: 'meet.example.org' }, 'online_url'],
        [{ capacity: 0 }, 'capacity'],
        [{ capacity: 2.5 }, 'capacity'],
        [{ price_pence: -1 }, 'price_pence'],
        [{ member_price_pence: 1_000_001 }, 'member_price_pence'],
        [{ cpd_hours: 1.1 }, 'cpd_hours'],
        [{ cpd_hours: 101 }, 'cpd_hours'],
        [{ booking_opens: '2026-12-05T12:00', booking_closes: '2026-12-05T11:00' }, 'booking_closes'],
        [{ booking_opens: '2026-12-06T12:00', booking_closes: null }, 'booking_opens'],
        [{ cancel_cutoff_days: 400 }, 'cancel_cutoff_days'],
        [{ members_only: 'yes' }, 'members_only'],
      ];
      for (const [change, field] of cases) {
        const res = await post('/api/new_event', { ...details, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().field, JSON.stringify(change)).toBe(field);
      }
      expect(await list()).toEqual([]);
    });
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
        return {
          uid: event.uid,
          start: event.startDate.toJSDate().toISOString(),
          end: event.endDate.toJSDate().toISOString(),
          summary: event.summary,
          description: event.description,
          location: event.location,
        };
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
          end: '2026-03-29T18:30:00.000Z',
          location: null,
          summary: 'Կարեւոր հանդիպում – Armenian title',
          description: 'Ա'.repeat(120),
        },
        {
          uid: `${summer}@localhost:8000`,
          start: '2026-07-01T18:00:00.000Z',
          end: '2026-07-01T19:00:00.000Z',
          location: null,
          summary: 'Summer; picnic, with games',
          description: 'Line one\nLine two, with comma; and semicolon \\ backslash',
        },
      ]);

      await post('/api/update_event', { _id: summer, title: 'Renamed', dated: '2026-07-02T19:00', description: '' });
      const again = parse((await t.app.inject({ method: 'GET', url: '/api/events.ics' })).body);
      expect(again.find((e) => e.summary === 'Renamed')?.uid).toBe(`${summer}@localhost:8000`);
    });

    it('gives the end, the place (never the online link) and the association as organiser', async () => {
      const res = await post('/api/new_event', {
        title: 'Lecture',
        dated: '2026-12-05T18:30',
        description: '',
        end_dated: '2026-12-05T20:00',
        venue_name: 'Hall; East',
        venue_address: '1 Street\nLondon',
        online_url: 'https://meet.example.org/secret',
      });
      const id = res.json().inserted_id as string;
      for (const url of ['/api/events.ics', `/api/events/${id}.ics`]) {
        const body = (await t.app.inject({ method: 'GET', url })).body;
        expect(parse(body)).toEqual([
          {
            uid: `${id}@localhost:8000`,
            start: '2026-12-05T18:30:00.000Z',
            end: '2026-12-05T20:00:00.000Z',
            summary: 'Lecture',
            description: null,
            location: 'Hall; East, 1 Street, London',
          },
        ]);
        expect(body).not.toContain('meet.example.org');
        expect(body).toContain('METHOD:PUBLISH\r\n');
        const vevent = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent')!;
        expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:info@example.org');
        expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Armenian Medical Association of Great Britain');
        expect(vevent.getFirstPropertyValue('url')).toBe(`http://localhost:8000/events/${id}`);
      }
    });

    it('offers one event as a download, and 404 for an unknown one', async () => {
      const id = await create('2026-10-25T18:30', 'After the change');
      const res = await t.app.inject({ method: 'GET', url: `/api/events/${id}.ics` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${id}.ics"`);
      expect(parse(res.body)).toEqual([
        {
          uid: `${id}@localhost:8000`,
          start: '2026-10-25T18:30:00.000Z',
          end: '2026-10-25T19:30:00.000Z',
          summary: 'After the change',
          description: null,
          location: null,
        },
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
