import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteTextApi } from '../../shared/api/site-text';
import { STRING_TABLE_ELEMENT_ID } from '../../shared/domain/embedded-json';
import { siteTextDefaults } from '../../shared/domain/site-text';
import { SiteText } from '../components/site-text';
import { FakeApi, FakeFailure } from '../testing/fake-api';
import { defaultsTable, renderPage } from '../testing/render';
import { useSiteText } from './site-text';
import { STRING_TABLE_CACHE_KEY } from './site-text-table';

/** A heading drawn with t() and a paragraph with SiteText, as the pages draw them. */
function Texts() {
  const { t } = useSiteText();
  return (
    <>
      <h1>{t('site_name')}</h1>
      <SiteText k="home.mission" as="p" />
    </>
  );
}

const mission = () => document.querySelector('[data-site-text="home.mission"]')!;
const withSiteName = (value: string) => defaultsTable.map((entry) => (entry.key === 'site_name' ? { ...entry, value } : entry));

describe('the site text a page starts with', () => {
  it("draws the admin's words from the table in the page at once, without asking the API", async () => {
    const { api } = renderPage(<Texts />, { embeddedTable: withSiteName('Բժիշկների </script> & Co') });
    expect(screen.getByRole('heading')).toHaveTextContent('Բժիշկների </script> & Co');
    expect(mission()).toHaveTextContent(siteTextDefaults['home.mission']);
    // Fresh as the page: no background fetch either.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(siteTextApi.stringTable)).toEqual([]);
  });

  it('loads the defaults when the page has no table and the API fails, then shows them, never a key', async () => {
    const api = new FakeApi().on(siteTextApi.stringTable, new FakeFailure(503, 'Down for maintenance'));
    renderPage(<Texts />, { api, embeddedTable: null });
    // Nothing at first rather than the key.
    expect(screen.getByRole('heading')).toBeEmptyDOMElement();
    expect(mission()).toBeEmptyDOMElement();
    expect(await screen.findByRole('heading', { name: siteTextDefaults.site_name })).toBeInTheDocument();
    expect(mission()).toHaveTextContent(siteTextDefaults['home.mission']);
    expect(document.body).not.toHaveTextContent('home.mission');
    expect(api.callsTo(siteTextApi.stringTable)).toHaveLength(1);
  });

  it('fills what a cached table from an older version lacks with the defaults, and revalidates it', async () => {
    sessionStorage.setItem(STRING_TABLE_CACHE_KEY, JSON.stringify([{ key: 'site_name', value: 'Cached name' }]));
    let answer!: (table: typeof defaultsTable) => void;
    const api = new FakeApi().on(siteTextApi.stringTable, () => new Promise((resolve) => (answer = resolve)));
    renderPage(<Texts />, { api, embeddedTable: null });
    // The cached copy shows at once; the key it lacks follows with the defaults' chunk.
    expect(screen.getByRole('heading')).toHaveTextContent('Cached name');
    expect(await screen.findByText(siteTextDefaults['home.mission'])).toBeInTheDocument();
    // The background revalidation brings the server's table, and caches it.
    expect(api.callsTo(siteTextApi.stringTable)).toHaveLength(1);
    answer(withSiteName('Fresh name'));
    expect(await screen.findByRole('heading', { name: 'Fresh name' })).toBeInTheDocument();
    expect(sessionStorage.getItem(STRING_TABLE_CACHE_KEY)).toContain('Fresh name');
  });

  it('ignores a table in the page that does not parse, and falls back as without one', async () => {
    const element = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: STRING_TABLE_ELEMENT_ID,
      textContent: '[{"key":1}]',
    });
    document.head.append(element);
    try {
      renderPage(<Texts />, { embeddedTable: null });
      expect(await screen.findByRole('heading', { name: siteTextDefaults.site_name })).toBeInTheDocument();
    } finally {
      element.remove();
    }
  });
});
