import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byIdRequest } from '../../../shared/api/common';
import { type EventRecord, eventsApi, newEventRequest, updateEventRequest } from '../../../shared/api/events';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { EventsPage } from './events-page';

/** An event with none of the booking details (a listing, as events were before bookings). */
function listing(fields: Pick<EventRecord, '_id' | 'title' | 'dated' | 'date' | 'description'>): EventRecord {
  return {
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
    ...fields,
  };
}

/** The events API as a tiny store, so a save or delete shows in the list fetched after it. */
function fakeEvents(events: EventRecord[]) {
  let store = [...events];
  let next = 1;
  return new FakeApi()
    .on(eventsApi.list, () => store)
    .on(eventsApi.adminOne, (request) => ({ ...store.find((e) => request.path.endsWith(`/${e._id}`))!, online_url: null, hy: null }))
    .on(eventsApi.create, (request) => {
      const fields = newEventRequest.parse(request.json);
      const _id = `new-${next++}`;
      store = [...store, listing({ ...fields, _id, date: `${fields.dated}:00Z` })];
      return { inserted_id: _id };
    })
    .on(eventsApi.update, (request) => {
      const { _id, ...fields } = updateEventRequest.parse(request.json);
      store = store.map((e) => (e._id === _id ? { ...e, title: fields.title, dated: fields.dated, description: fields.description } : e));
      return { succeeded: true };
    })
    .on(eventsApi.remove, (request) => {
      const { _id } = byIdRequest.parse(request.json);
      store = store.filter((e) => e._id !== _id);
      return { succeeded: true };
    });
}

const lecture = listing({
  _id: 'e1',
  title: 'Winter lecture',
  dated: '2099-01-15T18:30',
  date: '2099-01-15T18:30:00Z',
  description: 'On cardiology.',
});
const dinner = listing({ _id: 'e2', title: 'Spring dinner', dated: '2099-04-01T19:00', date: '2099-04-01T18:00:00Z', description: '' });
const gala = listing({
  _id: 'e0',
  title: 'Anniversary gala',
  dated: '2004-05-01T19:00',
  date: '2004-05-01T18:00:00Z',
  description: '20 years.',
});

/** What the editor sends for an event without details: every field, empty. */
const noDetailsSent = {
  end_dated: null,
  venue_name: null,
  venue_address: null,
  online_url: null,
  capacity: null,
  booking_opens: null,
  booking_closes: null,
  member_price_pence: 0,
  price_pence: 0,
  members_only: false,
  cpd_hours: null,
  cancel_cutoff_days: 7,
  image: '',
  image_alt: '',
  hy: null,
};

const upcoming = () => screen.getByRole('region', { name: 'Upcoming events' });
const listFetches = (api: FakeApi) => api.callsTo(eventsApi.list).length;

describe('events page editing (docs/product.md section 4)', () => {
  it('shows no editing controls to a visitor', async () => {
    renderPage(<EventsPage />, { route: '/events', api: fakeEvents([lecture, gala]) });
    expect(await within(upcoming()).findByText('Winter lecture')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('edits in place: view, edit, cancel without a request, edit again and save, then refetches', async () => {
    const page = renderPage(<EventsPage />, { route: '/events', signedInAs: 'admin', api: fakeEvents([lecture, dinner, gala]) });
    await within(upcoming()).findByText('Winter lecture');
    // Upcoming events are in date order: the first Edit is the winter lecture's.
    await page.user.click(within(upcoming()).getAllByRole('button', { name: 'Edit' })[0]!);
    const form = await screen.findByRole('form', { name: 'Edit event' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Winter lecture');
    expect(within(form).getByLabelText(/^Date and time/)).toHaveValue('2099-01-15T18:30');
    // Only one event is edited at a time.
    expect(screen.getByRole('button', { name: 'New event' })).toBeDisabled();
    for (const edit of screen.getAllByRole('button', { name: 'Edit' })) expect(edit).toBeDisabled();

    await page.user.type(within(form).getByLabelText(/^Title/), ' (moved)');
    await page.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit event' })).toBeNull();
    expect(within(upcoming()).getByText('Winter lecture')).toBeInTheDocument();
    expect(page.api.changes()).toEqual([]);
    expect(listFetches(page.api)).toBe(1);

    await page.user.click(within(upcoming()).getAllByRole('button', { name: 'Edit' })[0]!);
    const again = await screen.findByRole('form', { name: 'Edit event' });
    await page.user.clear(within(again).getByLabelText(/^Title/));
    await page.user.type(within(again).getByLabelText(/^Title/), 'Winter lecture on the heart');
    await page.user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(upcoming()).findByText('Winter lecture on the heart')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit event' })).toBeNull();
    expect(page.api.callsTo(eventsApi.update).map((c) => c.json)).toEqual([
      { _id: 'e1', title: 'Winter lecture on the heart', dated: '2099-01-15T18:30', description: 'On cardiology.', ...noDetailsSent },
    ]);
    expect(listFetches(page.api)).toBe(2);
  });

  it('starts a new event in edit; cancel discards it, save creates it', async () => {
    const page = renderPage(<EventsPage />, { route: '/events', signedInAs: 'admin', api: fakeEvents([lecture]) });
    await within(upcoming()).findByText('Winter lecture');
    await page.user.click(screen.getByRole('button', { name: 'New event' }));
    const form = await screen.findByRole('form', { name: 'New event' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('');
    expect(within(form).queryByRole('button', { name: 'Delete' })).toBeNull();
    await page.user.type(within(form).getByLabelText(/^Title/), 'Discarded');
    await page.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New event' })).toBeNull();
    expect(screen.queryByText('Discarded')).toBeNull();

    await page.user.click(screen.getByRole('button', { name: 'New event' }));
    const fresh = await screen.findByRole('form', { name: 'New event' });
    // The earlier, cancelled text is gone: a new item starts blank.
    expect(within(fresh).getByLabelText(/^Title/)).toHaveValue('');
    await page.user.click(within(fresh).getByRole('button', { name: 'Save' }));
    expect(await within(fresh).findByText('Enter a title')).toBeInTheDocument();
    await page.user.type(within(fresh).getByLabelText(/^Title/), 'Summer picnic');
    await page.user.clear(within(fresh).getByLabelText(/^Date and time/));
    await page.user.type(within(fresh).getByLabelText(/^Date and time/), '2099-07-04T12:00');
    await page.user.click(within(fresh).getByRole('button', { name: 'Save' }));
    expect(await within(upcoming()).findByText('Summer picnic')).toBeInTheDocument();
    expect(page.api.callsTo(eventsApi.create).map((c) => c.json)).toEqual([
      { title: 'Summer picnic', dated: '2099-07-04T12:00', description: '', ...noDetailsSent },
    ]);
  });

  it('edits the Armenian version beside the English, and asks for its title when only its description is written', async () => {
    const page = renderPage(<EventsPage />, { route: '/events', signedInAs: 'admin', api: fakeEvents([lecture]) });
    await within(upcoming()).findByText('Winter lecture');
    await page.user.click(within(upcoming()).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit event' });
    await page.user.click(within(form).getByRole('tab', { name: 'Armenian' }));
    const armenian = within(within(form).getByRole('tabpanel', { name: 'Armenian' }));
    expect(armenian.getByLabelText('Armenian: Title')).toHaveValue('');
    await page.user.type(armenian.getByLabelText('Armenian: Description'), 'Սրտաբանության մասին։');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await armenian.findByText('Give the Armenian version a title, or empty its other fields')).toBeInTheDocument();
    expect(page.api.callsTo(eventsApi.update)).toEqual([]);

    await page.user.type(armenian.getByLabelText('Armenian: Title'), 'Ձմեռային դասախոսություն');
    await page.user.type(armenian.getByLabelText('Armenian: Venue'), 'Միության սրահներ');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(upcoming()).findByText('Winter lecture');
    expect(screen.queryByRole('form', { name: 'Edit event' })).toBeNull();
    expect(page.api.callsTo(eventsApi.update).map((c) => (c.json as { hy: unknown }).hy)).toEqual([
      { title: 'Ձմեռային դասախոսություն', description: 'Սրտաբանության մասին։', venue_name: 'Միության սրահներ', venue_address: null },
    ]);
  });

  it('asks before deleting, keeps the event on Cancel and deletes it on Delete', async () => {
    const page = renderPage(<EventsPage />, { route: '/events', signedInAs: 'admin', api: fakeEvents([lecture, dinner]) });
    await within(upcoming()).findByText('Winter lecture');
    await page.user.click(within(upcoming()).getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this event?' });
    expect(dialog).toHaveTextContent('Winter lecture');
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(within(upcoming()).getByText('Winter lecture')).toBeInTheDocument();
    expect(page.api.callsTo(eventsApi.remove)).toEqual([]);

    await page.user.click(within(upcoming()).getAllByRole('button', { name: 'Delete' })[0]!);
    await page.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Spring dinner');
    await expect.poll(() => screen.queryByText('Winter lecture')).toBeNull();
    expect(page.api.callsTo(eventsApi.remove).map((c) => c.json)).toEqual([{ _id: 'e1' }]);
  });

  it('keeps past-event rows from opening or closing while an event is edited', async () => {
    const page = renderPage(<EventsPage />, { route: '/events', signedInAs: 'admin', api: fakeEvents([lecture, gala]) });
    const past = await screen.findByRole('region', { name: 'Past events' });
    // Each row is the browser's own disclosure: <details>, opened and closed by its summary.
    const row = await within(past).findByText('Anniversary gala');
    const details = row.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(within(past).getByText('20 years.')).not.toBeVisible();
    await page.user.click(within(upcoming()).getByRole('button', { name: 'Edit' }));
    await screen.findByRole('form', { name: 'Edit event' });
    await page.user.click(row);
    expect(details).not.toHaveAttribute('open');
    await page.user.click(within(screen.getByRole('form', { name: 'Edit event' })).getByRole('button', { name: 'Cancel' }));
    await page.user.click(row);
    expect(details).toHaveAttribute('open');
    expect(within(past).getByText('20 years.')).toBeVisible();
  });
});
