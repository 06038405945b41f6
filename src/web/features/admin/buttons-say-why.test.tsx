import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../testing/render';
import { CsvButton } from './csv-button';
import { AttendeeMailForm } from './events/attendee-mail-form';
import { RoleControl } from './role-control';

/** Decision 089: no button waits disabled until its form is right; pressed, it says what is missing. */
describe('the back office’s buttons', () => {
  it('Save role, with the role the person has, says there is nothing to change and sends nothing', async () => {
    const page = renderPage(
      <RoleControl person={{ _id: 'u1', first_name: 'Ani', last_name: 'Sargsyan', email: 'ani@example.org', role: 'editor' }} />,
      { signedInAs: 'admin' },
    );
    const save = screen.getByRole('button', { name: 'Save role' });
    expect(save).toBeEnabled();
    await page.user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Ani Sargsyan is an editor already: choose another role to change it.');
    expect(page.api.changes()).toEqual([]);
  });

  it('Export CSV says why it cannot export the list as filtered, and downloads nothing', async () => {
    const download = vi.fn(() => Promise.resolve());
    const page = renderPage(<CsvButton download={download} refusal="The start date must not be after the end date." />);
    await page.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must not be after the end date.');
    expect(download).not.toHaveBeenCalled();
  });

  it('Send, with nobody booked, says there is no one to write to', async () => {
    const facts = {
      _id: 'e1',
      title: 'Lecture',
      date: '2099-01-01T18:00:00.000Z',
      end_date: null,
      capacity: 10,
      places_taken: 0,
      confirmed: 0,
      waitlisted: 0,
      offered: 0,
      attended: 0,
      takings_pence: 0,
      refunded_pence: 0,
      cpd_hours: null,
    };
    const page = renderPage(<AttendeeMailForm eventId="e1" facts={facts} />, { signedInAs: 'admin' });
    await page.user.click(screen.getByRole('button', { name: 'Send to 0 people' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Nobody has a place yet: there is no one to write to.');
    expect(page.api.changes()).toEqual([]);
  });
});
