import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteTextApi, type TextEntry } from '../../../shared/api/site-text';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { FakeApi } from '../../testing/fake-api';
import { defaultsTable, renderPage } from '../../testing/render';
import { TextsPage } from './texts-page';

const entry = (key: string, value: string, defaultValue: string | null): TextEntry => ({
  key,
  value,
  default_value: defaultValue,
  customised: value !== defaultValue,
  where: defaultValue === null ? 'Not used by the site any more: remove it' : 'Home page',
  page: null,
  setting: false,
  updated_at: null,
  updated_by: null,
});

describe('the Texts page', () => {
  it('offers a text the site no longer uses for removal only, and removes it', async () => {
    let texts = [
      entry('home.mission', siteTextDefaults['home.mission'], siteTextDefaults['home.mission']),
      entry('old.unused', 'Left over', null),
    ];
    const api = new FakeApi()
      .on(siteTextApi.stringTable, defaultsTable)
      .on(siteTextApi.texts, () => texts)
      .on(siteTextApi.reset, (request) => {
        texts = texts.filter((t) => t.key !== (request.json as { key: string }).key);
        return { succeeded: true };
      });
    const { user } = renderPage(<TextsPage />, { api, signedInAs: 'admin' });

    const orphan = await screen.findByRole('listitem', { name: 'old.unused' });
    expect(within(orphan).getByText('Not used by the site any more: remove it')).toBeInTheDocument();
    expect(within(orphan).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    const used = screen.getByRole('listitem', { name: 'home.mission' });
    expect(within(used).getByRole('button', { name: /Edit/ })).toBeInTheDocument();

    await user.click(within(orphan).getByRole('button', { name: /Remove/ }));
    expect(await screen.findByText('Removed old.unused.')).toBeInTheDocument();
    expect(api.callsTo(siteTextApi.reset).map((call) => call.json)).toEqual([{ key: 'old.unused' }]);
    expect(api.callsTo(siteTextApi.setString)).toEqual([]);
  });
});
