import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventRecord } from '../../../shared/api/events';
import { bookingsApi } from '../../../shared/api/bookings';
import { paymentsApi } from '../../../shared/api/payments';
import { siteTextHy } from '../../../shared/domain/site-text-hy';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { BookingPanel } from './booking-panel';

const event: EventRecord = {
  _id: 'e1',
  title: 'Winter lecture',
  dated: '2099-01-10T18:30',
  date: '2099-01-10T18:30:00Z',
  description: 'A paid lecture.',
  end_dated: null,
  end_date: null,
  venue_name: null,
  venue_address: null,
  online: false,
  capacity: 10,
  places_left: 9,
  booking_opens: null,
  booking_closes: null,
  booking_state: 'open',
  member_price_pence: 1200,
  price_pence: 2000,
  members_only: false,
  cpd_hours: null,
  cancel_cutoff_days: 7,
  image: '',
  image_alt: '',
  language: 'en',
};

const SECRET = 'pi_3Place_secret_abc';
const returned = `/events/e1?payment_intent=pi_3Place&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`;

/** A paid booking's payment that left the page comes back to the event's page (decision 145). */
describe("the event page's booking as a payment's return address", () => {
  const render = (status: string) => {
    const api = new FakeApi().on(paymentsApi.settle, { status });
    const onBooked = vi.fn();
    const page = renderPage(<BookingPanel event={event} onBooked={onBooked} />, { route: '/events/:eventId', url: returned, api });
    return { page, api, onBooked };
  };

  it('settles once and says the place is booked, the secret taken out of the address', async () => {
    const { page, api, onBooked } = render('succeeded');
    expect(await screen.findByTestId('booking-outcome')).toHaveTextContent(
      'Your place is booked. A confirmation with a calendar file is on its way to your inbox.',
    );
    expect(api.callsTo(paymentsApi.settle).map((call) => call.json)).toEqual([{ client_secret: SECRET }]);
    expect(onBooked).toHaveBeenCalledTimes(1);
    expect(page.location()).toBe('/events/e1');
  });

  it('says a payment the bank is still confirming is being processed', async () => {
    const { page, onBooked } = render('processing');
    expect(await screen.findByTestId('booking-outcome')).toHaveTextContent(
      'Your payment is being processed. We will e-mail you as soon as it is confirmed.',
    );
    expect(onBooked).not.toHaveBeenCalled();
    expect(page.location()).toBe('/events/e1');
  });

  it('offers the form again, saying nothing was charged, when the provider says the payment failed', async () => {
    const { onBooked } = render('requires_payment_method');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your payment was not completed, and nothing was charged. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Book a place' })).toBeInTheDocument();
    expect(onBooked).not.toHaveBeenCalled();
  });
});

/** A visitor's mail comes in the language of the page they book on (decision 191). */
describe('booking from the Armenian page', () => {
  it('sends the page’s language with a visitor’s booking', async () => {
    const api = new FakeApi().on(bookingsApi.book, { booking_id: 'b1', status: 'check_email', amount_pence: 0 });
    const free = { ...event, price_pence: 0, member_price_pence: 0 };
    renderPage(<BookingPanel event={free} onBooked={vi.fn()} />, { route: '/events/:eventId', url: '/events/e1', api, language: 'hy' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: siteTextHy['event.book.name'] }), 'Անի');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${siteTextHy['event.book.email']}`) }), 'ani@example.org');
    await user.click(screen.getByRole('button', { name: siteTextHy['event.book'] }));
    await vi.waitFor(() => expect(api.callsTo(bookingsApi.book)).toHaveLength(1));
    expect(api.callsTo(bookingsApi.book)[0]!.json).toEqual({ name: 'Անի', email: 'ani@example.org', language: 'hy' });
  });
});
