import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choicesRequest, newslettersApi, type EmailChoices } from '../../../shared/api/newsletters';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { PreferencesPage } from './preferences-page';

const shown: EmailChoices = {
  email: 'a•••@example.org',
  choices: [
    { topic: 'list:news', name: 'News', description: 'News of the association', kind: 'list', subscribed: true },
    { topic: 'list:cpd', name: 'CPD', description: 'Courses', kind: 'list', subscribed: true },
    { topic: 'membership-reminders', name: 'Renewal reminders', description: '', kind: 'service', subscribed: true },
  ],
};

function page(api: FakeApi) {
  return renderPage(<PreferencesPage />, { api, route: '/preferences/:token', url: '/preferences/tok3n' });
}

describe('the preference page a newsletter links to', () => {
  it('changes nothing when opened, and saves only what the reader ticked when they press Save', async () => {
    const saved: unknown[] = [];
    const api = new FakeApi()
      .on(newslettersApi.preferences, () => shown)
      .on(newslettersApi.savePreferences, (request) => {
        saved.push(choicesRequest.parse(request.json));
        return { ...shown, choices: shown.choices.map((c) => (c.topic === 'list:cpd' ? { ...c, subscribed: false } : c)) };
      });
    const rendered = page(api);
    expect(await screen.findByText(/a•••@example\.org/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^News/ })).toBeChecked();
    expect(saved).toEqual([]);
    await rendered.user.click(screen.getByRole('checkbox', { name: /^CPD/ }));
    await rendered.user.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(await screen.findByText('Your choices are saved.')).toBeInTheDocument();
    expect(saved).toEqual([{ choices: { 'list:news': true, 'list:cpd': false, 'membership-reminders': true }, unsubscribe_all: false }]);
    expect(screen.getByRole('checkbox', { name: /^CPD/ })).not.toBeChecked();
  });

  it('shows a neutral message for a link that does not work', async () => {
    const api = new FakeApi().on(newslettersApi.preferences, () => new FakeFailure(404, 'This link does not work.'));
    page(api);
    expect(await screen.findByText(/This link does not work/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save my choices' })).toBeNull();
  });
});
