import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { articlesApi } from '../../../../shared/api/articles';
import { secondFactorApi } from '../../../../shared/api/second-factor';
import { FakeApi, FakeFailure } from '../../../testing/fake-api';
import { renderPage } from '../../../testing/render';
import { staffSecurity } from '../../../testing/staff-security';
import { ArticleEditorPage } from './article-editor-page';

const open = (api: FakeApi) => renderPage(<ArticleEditorPage />, { route: '/article/new', url: '/article/new', signedInAs: 'editor', api });

describe('the article editor for an editor without a second factor', () => {
  it('says why before anything is written, and links to where a factor is set up', async () => {
    open(new FakeApi().on(secondFactorApi.security, staffSecurity({ blocked: true })).on(articlesApi.categories, []));
    expect(
      await screen.findByText(
        'Your role as editor needs a second factor before you can write or change articles. Add a passkey or an authenticator app on your Sign-in and security page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up a second factor' })).toHaveAttribute('href', '/profile/security');
    expect(screen.queryByRole('textbox', { name: /^Title/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('opens the form once the account has its factor', async () => {
    open(new FakeApi().on(secondFactorApi.security, staffSecurity({ blocked: false })).on(articlesApi.categories, []));
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toBeInTheDocument();
    expect(screen.queryByText(/needs a second factor/)).not.toBeInTheDocument();
  });

  it('opens the form when the check cannot be made: the server still refuses a save it must', async () => {
    open(new FakeApi().on(secondFactorApi.security, new FakeFailure(503, 'Busy')).on(articlesApi.categories, []));
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toBeInTheDocument();
  });
});
