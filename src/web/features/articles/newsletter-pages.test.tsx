import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_NOT_FOUND, newslettersApi } from '../../../shared/api/newsletters';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { NewsletterArchivePage } from './newsletter-archive-page';
import { NewsletterPage } from './newsletter-page';

const november = { _id: 'n1', subject: 'November letter', sent_at: '2026-11-03T09:00:00Z', brief: 'The winter lecture and the AGM.' };
const paragraph = JSON.stringify({
  blocks: [{ key: 'a1', text: 'Dear members,', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
  entityMap: {},
});

describe('the newsletters on the site', () => {
  it('lists each sent newsletter with its date and brief, linking to its web version', async () => {
    renderPage(<NewsletterArchivePage />, { route: '/newsletters', api: new FakeApi().on(newslettersApi.archive, [november]) });
    expect(await screen.findByRole('link', { name: 'November letter' })).toHaveAttribute('href', '/newsletters/n1');
    expect(screen.getByText('03/11/2026')).toBeInTheDocument();
    expect(screen.getByText('The winter lecture and the AGM.')).toBeInTheDocument();
  });

  it('dates the list in Armenian on an Armenian page', async () => {
    renderPage(<NewsletterArchivePage />, {
      route: '/newsletters',
      language: 'hy',
      api: new FakeApi().on(newslettersApi.archive, [november]),
    });
    expect(await screen.findByRole('link', { name: 'November letter' })).toHaveAttribute('href', '/hy/newsletters/n1');
    expect(screen.getByText('03.11.2026')).toBeInTheDocument();
  });

  it('shows a sent newsletter, and says so when there is none by that id', async () => {
    const api = new FakeApi().on(newslettersApi.archived, (request) =>
      request.path.endsWith('/n1') ? { ...november, content: paragraph } : new FakeFailure(404, NEWSLETTER_NOT_FOUND),
    );
    const { unmount } = renderPage(<NewsletterPage />, { route: '/newsletters/:newsletterId', url: '/newsletters/n1', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'November letter' })).toBeInTheDocument();
    expect(await screen.findByText('Dear members,')).toBeInTheDocument();
    unmount();
    renderPage(<NewsletterPage />, { route: '/newsletters/:newsletterId', url: '/newsletters/n2', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter not found' })).toBeInTheDocument();
  });
});
