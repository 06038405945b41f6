import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { autoRenewalApi, type AdminAutoRenewals } from '../../../shared/api/auto-renewal';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { AutoRenewalsPage } from './auto-renewals-page';

const ani = {
  user_id: 'u1',
  email: 'ani@example.org',
  name: 'Ani Petrosyan',
  on: true,
  turned_off_by: null,
  method: { type: 'card' as const, brand: 'visa', last4: '0341', exp_month: 12, exp_year: 2034 },
  next_charge: { date: '2027-11-28', pence: 5000 },
  failures: [
    {
      period: '2027-11-21',
      attempts: 2,
      status: 'declined' as const,
      message: 'Your card was declined.',
      next_attempt_at: '2027-11-28',
      at: '2027-11-24T09:00:00.000Z',
    },
  ],
};

describe("the admin's automatic renewals", () => {
  it('lists who renews automatically, the next charge and every failure, and turns it off for a member', async () => {
    let members: AdminAutoRenewals['members'] = [
      ani,
      {
        ...ani,
        user_id: 'u2',
        email: 'aram@example.org',
        name: 'Aram Hakobyan',
        on: false,
        turned_off_by: 'declines' as const,
        method: null,
        next_charge: null,
        failures: [],
      },
    ];
    const api = new FakeApi()
      .on(autoRenewalApi.adminList, () => ({ members }))
      .on(autoRenewalApi.adminTurnOff, () => {
        members = members.map((m) =>
          m.user_id === 'u1' ? { ...m, on: false, turned_off_by: 'admin' as const, method: null, next_charge: null } : m,
        );
        return { succeeded: true };
      });
    const page = renderPage(<AutoRenewalsPage />, { signedInAs: 'admin', api });
    const table = await screen.findByRole('table', { name: 'Automatic renewals' });
    const row = within(table).getByRole('row', { name: /Ani Petrosyan/ });
    expect(row).toHaveTextContent('Visa ending 0341, 12/2034');
    expect(row).toHaveTextContent('£50.00 on 28 November 2027');
    expect(row).toHaveTextContent(
      '21 November 2027: Your card was declined. (2 tries, declined, to be tried again, next on 28 November 2027)',
    );
    expect(within(table).getByRole('row', { name: /Aram Hakobyan/ })).toHaveTextContent('turned off after three declines');

    await page.user.click(within(row).getByRole('button', { name: 'Turn off for Ani Petrosyan' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Automatic renewal is off for Ani Petrosyan. They have been told by e-mail.',
    );
    expect(api.callsTo(autoRenewalApi.adminTurnOff).map((c) => c.json)).toEqual([{ user_id: 'u1' }]);
    expect(await within(table).findByText('turned off by an admin')).toBeInTheDocument();
  });
});
