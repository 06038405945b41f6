import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteTextApi, type TextEntry } from '../../../shared/api/site-text';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { siteTextHy } from '../../../shared/domain/site-text-hy';
import { FakeApi } from '../../testing/fake-api';
import { defaultsTable, renderPage } from '../../testing/render';
import { TextsPage } from './texts-page';

const entry = (key: string, value: string, defaultValue: string | null, hy: TextEntry['hy'] = null): TextEntry => ({
  key,
  value,
  default_value: defaultValue,
  customised: value !== defaultValue,
  where: defaultValue === null ? 'Not used by the site any more: remove it' : 'Home page',
  page: null,
  setting: false,
  updated_at: null,
  updated_by: null,
  hy,
});

const armenian = (value: string, over: Partial<NonNullable<TextEntry['hy']>> = {}): NonNullable<TextEntry['hy']> => ({
  value,
  default_value: value,
  customised: false,
  to_review: true,
  missing: false,
  updated_at: null,
  updated_by: null,
  ...over,
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

  it('shows English and Armenian side by side, counts what is missing or to review, and edits the Armenian in Armenian', async () => {
    const texts = [
      entry('nav.news', 'News', 'News', armenian(siteTextHy['nav.news'])),
      entry('news.title', 'News', 'News', armenian('', { default_value: null, to_review: false, missing: true })),
      entry('contact_email', 'info@example.org', 'info@example.org', null),
    ];
    const api = new FakeApi()
      .on(siteTextApi.stringTable, defaultsTable)
      .on(siteTextApi.texts, () => texts)
      .on(siteTextApi.setString, () => ({ succeeded: true }));
    const { user } = renderPage(<TextsPage />, { api, signedInAs: 'admin' });

    const row = await screen.findByRole('listitem', { name: 'nav.news' });
    const english = within(row).getByRole('region', { name: 'English' });
    const hy = within(row).getByRole('region', { name: 'Armenian' });
    expect(within(english).getByText('News')).toBeInTheDocument();
    expect(within(hy).getByText(siteTextHy['nav.news'])).toHaveAttribute('lang', 'hy');
    expect(within(hy).getByText('To review')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'news.title' })).getByText('Missing')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'contact_email' })).getByText('Same in both languages')).toBeInTheDocument();
    expect(screen.getByText(/Armenian: 1 missing, 1 to review/)).toBeInTheDocument();

    await user.click(within(hy).getByRole('button', { name: 'Edit Armenian' }));
    const field = within(hy).getByRole('textbox', { name: 'New Armenian text for nav.news' });
    await user.clear(field);
    await user.type(field, 'Լուրեր');
    await user.click(within(hy).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved nav.news in Armenian.')).toBeInTheDocument();
    expect(api.callsTo(siteTextApi.setString).map((call) => call.json)).toEqual([{ key: 'nav.news', value: 'Լուրեր', lang: 'hy' }]);
  });
});
