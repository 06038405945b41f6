import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { attendanceApi, attendanceRequest } from '../../../../shared/api/attendance';
import { eventAdminApi, type EventBookingRow, type EventBookingsPage } from '../../../../shared/api/event-admin';
import { FakeApi, FakeFailure } from '../../../testing/fake-api';
import { renderPage } from '../../../testing/render';
import { CheckInList } from './check-in-list';

const EVENT = '6f1c2a52-3c1e-4d2b-9a57-0d6c0b3a1e10';

function booking(id: string, name: string, email: string): EventBookingRow {
  return {
    _id: id,
    name,
    email,
    status: 'confirmed',
    price_pence: 0,
    paid_pence: 0,
    refunded_pence: 0,
    refund_due_pence: 0,
    paid_by: 'free',
    note: null,
    booked_at: '2026-11-20T10:00:00Z',
    attended_at: null,
    certificate_number: null,
  };
}

/** The server as a tiny store: the list answers the search the way the server does, and marks change it. */
function fakeServer(rows: EventBookingRow[], options: { refuse?: string } = {}) {
  const store = rows.map((row) => ({ ...row }));
  const page = (q: string): EventBookingsPage => {
    const items = store.filter((b) => !q || `${b.name} ${b.email}`.toLowerCase().includes(q.toLowerCase()));
    return {
      event: {
        _id: EVENT,
        title: 'Winter lecture',
        date: '2026-12-05T18:30:00Z',
        end_date: null,
        capacity: null,
        places_taken: store.length,
        confirmed: store.length,
        waitlisted: 0,
        offered: 0,
        attended: store.filter((b) => b.attended_at).length,
        takings_pence: 0,
        refunded_pence: 0,
        cpd_hours: 2,
      },
      items,
      total: items.length,
      page: 1,
      page_size: 100,
    };
  };
  return new FakeApi()
    .on(eventAdminApi.bookings, (request) => page(request.query.get('q') ?? ''))
    .on(attendanceApi.mark, (request) => {
      const row = store.find((b) => request.path.includes(b._id))!;
      if (options.refuse) return new FakeFailure(409, options.refuse);
      const { attended } = attendanceRequest.parse(request.json);
      row.attended_at = attended ? '2026-12-05T18:32:00Z' : null;
      return { booking_id: row._id, attended_at: row.attended_at, certificate_number: attended ? 'CPD-2026-AAAA-BBBB' : null };
    });
}

const people = [
  booking('b1', 'Anahit Sarkissian', 'anahit@example.org'),
  booking('b2', 'Bedros Papazian', 'bedros@example.org'),
  booking('b3', 'Ani Petrosyan', 'ani.p@example.org'),
];
const names = () =>
  within(screen.getByRole('list', { name: 'Confirmed bookings' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('check-in list', () => {
  it('narrows the list as you type, at once, and asks the server when typing pauses', async () => {
    const { user, api } = renderPage(<CheckInList eventId={EVENT} />, { api: fakeServer(people), signedInAs: 'admin' });
    expect(await screen.findByRole('button', { name: /Anahit Sarkissian/ })).toBeInTheDocument();
    expect(names()).toHaveLength(3);
    expect(screen.getByText('0 of 3 checked in')).toBeInTheDocument();

    const box = screen.getByRole('searchbox', { name: 'Find by name or e-mail' });
    await user.type(box, 'sarkis');
    // Before the pause: narrowed among those loaded, by name or e-mail.
    expect(names().map((n) => n?.split('Not')[0])).toEqual(['Anahit Sarkissian']);
    await user.clear(box);
    await user.type(box, 'PA');
    expect(names().map((n) => n?.split('Not')[0])).toEqual(['Bedros Papazian']);
    await user.clear(box);
    await user.type(box, 'ani p');
    expect(names().map((n) => n?.split('Not')[0])).toEqual(['Ani Petrosyan']);
    await waitFor(() => expect(api.callsTo(eventAdminApi.bookings).at(-1)?.query.get('q')).toBe('ani p'));
    expect(api.callsTo(eventAdminApi.bookings).every((call) => call.query.get('status') === 'confirmed')).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Find by name or e-mail' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find by name or e-mail' }), 'nobody');
    expect(await screen.findByText('Nobody with a confirmed place matches “nobody”.')).toBeInTheDocument();
  });

  it('checks someone in with one tap, shows it, and takes it back with another', async () => {
    const { user, api } = renderPage(<CheckInList eventId={EVENT} />, { api: fakeServer(people), signedInAs: 'admin' });
    const anahit = await screen.findByRole('button', { name: /Anahit Sarkissian/ });
    expect(anahit).toHaveAttribute('aria-pressed', 'false');
    expect(anahit).toHaveTextContent('Not checked in');

    await user.click(anahit);
    await waitFor(() => expect(screen.getByRole('button', { name: /Anahit Sarkissian/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: /Anahit Sarkissian/ })).toHaveTextContent('Checked in 5 Dec 2026, 18:32');
    expect(await screen.findByText('1 of 3 checked in')).toBeInTheDocument();
    expect(api.callsTo(attendanceApi.mark).map((call) => [call.path, call.json])).toEqual([
      ['/api/admin/events/bookings/b1/attendance', { attended: true }],
    ]);

    // The keyboard does the same: Space on the focused button takes the mark back.
    screen.getByRole('button', { name: /Anahit Sarkissian/ }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('button', { name: /Anahit Sarkissian/ })).toHaveAttribute('aria-pressed', 'false'));
    expect(api.callsTo(attendanceApi.mark).at(-1)?.json).toEqual({ attended: false });
    expect(screen.getByRole('button', { name: /Bedros Papazian/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it("shows the server's reason when a mark is refused, and leaves the state as it was", async () => {
    const { user } = renderPage(<CheckInList eventId={EVENT} />, {
      api: fakeServer(people, { refuse: 'Attendance can be marked from the day of the event' }),
      signedInAs: 'admin',
    });
    await user.click(await screen.findByRole('button', { name: /Bedros Papazian/ }));
    expect(await screen.findByText('Attendance can be marked from the day of the event')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Bedros Papazian/ })).toHaveAttribute('aria-pressed', 'false');
  });
});
