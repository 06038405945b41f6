import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventAdminApi, handBookingRequest } from '../../../../shared/api/event-admin';
import { FakeApi, FakeFailure } from '../../../testing/fake-api';
import { renderPage } from '../../../testing/render';
import { HandBookingForm } from './hand-booking-form';

const EVENT = '6f1c2a52-3c1e-4d2b-9a57-0d6c0b3a1e10';

describe('a booking by hand', () => {
  it('sends pence and the form’s key, shows the server’s reason for a field, and starts a new key after booking', async () => {
    let answers = 0;
    const api = new FakeApi().on(eventAdminApi.book, (request) => {
      const body = handBookingRequest.parse(request.json);
      if (answers++ === 0) return new FakeFailure(400, 'email: Enter a valid e-mail address', 'email');
      return { booking_id: body.request_id, status: 'confirmed' as const, payment_id: 'p1' };
    });
    const { user } = renderPage(<HandBookingForm eventId={EVENT} />, { api, signedInAs: 'admin' });

    // Checked in the page first: a cheque needs its number and the sum.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lilit Hovhannisyan');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'lilit@example.org');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(await screen.findByText('Enter the cheque number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount received' })).toHaveAccessibleDescription(
      'Enter the amount received, or choose Free',
    );
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Amount received' }), '25.50');
    await user.type(screen.getByRole('textbox', { name: 'Cheque number' }), '001234');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(await screen.findByText('email: Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Booked: Lilit Hovhannisyan has a confirmed place (£25.50 recorded), and the confirmation is on its way.',
    );
    const sent = api.callsTo(eventAdminApi.book).map((call) => handBookingRequest.parse(call.json));
    expect(sent.map(({ request_id: _, ...rest }) => rest)).toEqual([
      { name: 'Lilit Hovhannisyan', email: 'lilit@example.org', payment: 'cheque', amount: 2550, reference: '001234', note: '' },
      { name: 'Lilit Hovhannisyan', email: 'lilit@example.org', payment: 'cheque', amount: 2550, reference: '001234', note: '' },
    ]);
    // The retry of the same booking kept its key; the form is empty again for the next one.
    expect(sent[1]!.request_id).toBe(sent[0]!.request_id);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');

    await user.click(screen.getByRole('combobox', { name: 'Paid by' }));
    await user.click(screen.getByRole('option', { name: 'Free (no payment)' }));
    expect(screen.queryByRole('textbox', { name: 'Amount received' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Aram');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'aram@example.org');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(await screen.findByText(/Booked: Aram has a confirmed place, and/)).toBeInTheDocument();
    const third = handBookingRequest.parse(api.callsTo(eventAdminApi.book).at(-1)!.json);
    expect(third).toMatchObject({ payment: 'free', amount: 0 });
    expect(third.request_id).not.toBe(sent[0]!.request_id);
  });
});
