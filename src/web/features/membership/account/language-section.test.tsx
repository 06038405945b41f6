import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountApi } from '../../../../shared/api/account';
import { FakeApi } from '../../../testing/fake-api';
import { renderPage } from '../../../testing/render';
import { LanguageSection } from './language-section';

describe('My Profile: the language of my mail (decision 150)', () => {
  it('shows the language chosen and saves another', async () => {
    const api = new FakeApi().on(accountApi.language, () => ({ succeeded: true }));
    const { user } = renderPage(<LanguageSection current="en" />, { api, signedInAs: 'member' });
    const group = screen.getByRole('radiogroup', { name: 'Language' });
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Հայերեն' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your language has been saved.')).toBeInTheDocument();
    expect(api.callsTo(accountApi.language).map((call) => call.json)).toEqual([{ language: 'hy' }]);
  });

  it('speaks Armenian on an Armenian page', () => {
    renderPage(<LanguageSection current="hy" />, { signedInAs: 'member', language: 'hy' });
    expect(screen.getByRole('radiogroup', { name: 'Լեզու' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Հայերեն' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Պահպանել' })).toBeInTheDocument();
  });
});
