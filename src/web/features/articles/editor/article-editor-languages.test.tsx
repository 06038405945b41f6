import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { articlesApi, type ArticleRecord } from '../../../../shared/api/articles';
import type { RawDocument } from '../../../../shared/domain/richtext/document';
import { secondFactorApi } from '../../../../shared/api/second-factor';
import { FakeApi } from '../../../testing/fake-api';
import { staffSecurity } from '../../../testing/staff-security';
import { renderPage } from '../../../testing/render';
import { ArticlePage } from '../article-page';
import { ArticleEditorPage } from './article-editor-page';

const doc = (text: string): string =>
  JSON.stringify({
    blocks: [{ key: 'a', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
    entityMap: {},
  } satisfies RawDocument);

const english: ArticleRecord = {
  _id: 'a1',
  title: 'Winter lecture report',
  dated: '2026-11-20T00:00:00.000Z',
  brief: 'A full hall.',
  categories: ['News'],
  is_page: false,
  image: '',
  image_alt: '',
  language: 'en',
  content: doc('A full hall.'),
  author: null,
};
const armenian: ArticleRecord = {
  ...english,
  title: 'Ձմեռային դասախոսության հաշվետվություն',
  brief: 'Դահլիճը լեփ-լեցուն էր։',
  categories: ['Լուրեր'],
  language: 'hy',
  content: doc('Դահլիճը լեփ-լեցուն էր։'),
};

/** The article API answering in the language asked, as the server does: `translated` false answers Armenian in English. */
function fakeArticle(translated: boolean) {
  return new FakeApi()
    .on(articlesApi.one, (request) => (request.query.get('lang') === 'hy' && translated ? armenian : english))
    .on(articlesApi.categories, (request) => (request.query.get('lang') === 'hy' ? ['Լուրեր'] : ['News']))
    .on(articlesApi.update, () => ({ succeeded: true }))
    .on(secondFactorApi.security, staffSecurity({ blocked: false }));
}

describe('the article editor in two languages (decision 180)', () => {
  // jsdom lays nothing out: ProseMirror's scrolling to the cursor gets empty rectangles.
  beforeAll(() => {
    const empty = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
    const none = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = empty;
    Range.prototype.getClientRects = none;
    Object.assign(Text.prototype, { getClientRects: none });
    document.elementFromPoint = () => null;
  });

  const open = (translated: boolean) =>
    renderPage(<ArticleEditorPage />, {
      route: '/article/:articleId/edit',
      url: '/article/a1/edit',
      signedInAs: 'editor',
      api: fakeArticle(translated),
    });

  it('edits the Armenian version on its own tab and saves both; the English is left as it was', async () => {
    const page = open(true);
    const tabs = await screen.findByRole('tablist', { name: 'Language of the version being edited' });
    expect(within(tabs).getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Winter lecture report');
    await page.user.click(within(tabs).getByRole('tab', { name: 'Armenian' }));
    const panel = screen.getByRole('tabpanel', { name: 'Armenian' });
    const title = within(panel).getByLabelText(/^Armenian: Title/);
    expect(title).toHaveValue('Ձմեռային դասախոսության հաշվետվություն');
    expect(within(panel).getByRole('textbox', { name: 'Armenian: Article content' })).toHaveTextContent('Դահլիճը լեփ-լեցուն էր։');
    await page.user.clear(title);
    await page.user.type(title, 'Դասախոսության հաշվետվություն');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.api.callsTo(articlesApi.update)).toHaveLength(1));
    const sent = page.api.callsTo(articlesApi.update)[0]!.json as Record<string, unknown>;
    expect(sent).toMatchObject({ _id: 'a1', title: 'Winter lecture report', categories: ['News'], content: english.content });
    expect(sent.hy).toEqual({ title: 'Դասախոսության հաշվետվություն', categories: ['Լուրեր'], content: armenian.content });
  });

  it('sends no Armenian version while its fields are empty, and asks for its title once its content is written', async () => {
    const page = open(false);
    const tabs = await screen.findByRole('tablist', { name: 'Language of the version being edited' });
    await page.user.click(within(tabs).getByRole('tab', { name: 'Armenian' }));
    const panel = screen.getByRole('tabpanel', { name: 'Armenian' });
    expect(within(panel).getByLabelText(/^Armenian: Title/)).toHaveValue('');
    await page.user.type(within(panel).getByRole('textbox', { name: 'Armenian: Article content' }), 'Նոր տեքստ');
    // Back on the English tab, saving finds the mistake and shows the Armenian tab again.
    await page.user.click(within(tabs).getByRole('tab', { name: 'English' }));
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Give the Armenian version a title, or empty its other fields')).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'Armenian' })).toHaveAttribute('aria-selected', 'true');
    expect(page.api.callsTo(articlesApi.update)).toEqual([]);
  });

  it('saves an untranslated article without an Armenian version', async () => {
    const page = open(false);
    await screen.findByRole('tablist', { name: 'Language of the version being edited' });
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.api.callsTo(articlesApi.update)).toHaveLength(1));
    expect((page.api.callsTo(articlesApi.update)[0]!.json as { hy: unknown }).hy).toBeNull();
  });
});

describe('an article on an Armenian page (decision 180)', () => {
  const read = (translated: boolean) =>
    renderPage(<ArticlePage />, { route: '/article/:articleId', url: '/article/a1', language: 'hy', api: fakeArticle(translated) });

  it('shows the Armenian version without a note', async () => {
    read(true);
    expect(await screen.findByRole('heading', { level: 1, name: armenian.title })).toBeInTheDocument();
    expect(screen.queryByTestId('untranslated-note')).toBeNull();
    expect(screen.getByRole('article')).not.toHaveAttribute('lang');
  });

  it('shows the English, marked as English, with the note in Armenian and a link to the English address', async () => {
    read(false);
    expect(await screen.findByRole('heading', { level: 1, name: english.title })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en-GB');
    const note = screen.getByTestId('untranslated-note');
    expect(note).toHaveTextContent('Դեռ թարգմանված չէ հայերեն, ուստի ներկայացված է անգլերենով։');
    expect(within(note).getByRole('link', { name: 'Բացել անգլերեն էջը' })).toHaveAttribute('href', '/article/a1');
  });
});
