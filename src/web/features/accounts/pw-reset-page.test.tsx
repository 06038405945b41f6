import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { PwResetPage } from './pw-reset-page';
import { accountsApi } from '../../../shared/api/accounts';

const route = '/signIn/pwReset/:uid';
const url = '/signIn/pwReset/abc123';

function validLink(valid = true) {
  return new FakeApi().on(accountsApi.pwResetValidate, { valid });
}

async function fillIn(page: ReturnType<typeof renderPage>, password: string, confirmation: string) {
  await page.user.type(await screen.findByLabelText(/^New password/), password);
  await page.user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await page.user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('password reset page (docs/product.md sections 4, 5 and 8)', () => {
  it('says an expired link has expired, with a way back and a way to ask again', async () => {
    renderPage(<PwResetPage />, { route, url, api: validLink(false) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, that password reset link has expired.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signIn');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/signIn/pwForgot');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('refuses a password under 8 characters and sends nothing', async () => {
    const page = renderPage(<PwResetPage />, { route, url, api: validLink() });
    await fillIn(page, 'short12', 'short12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or mismatching passwords. Please try again.');
    expect(page.api.callsTo(accountsApi.pwResetSubmit)).toEqual([]);
  });

  it('refuses passwords that differ and sends nothing', async () => {
    const page = renderPage(<PwResetPage />, { route, url, api: validLink() });
    await fillIn(page, 'long enough 1', 'long enough 2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or mismatching passwords. Please try again.');
    expect(page.api.callsTo(accountsApi.pwResetSubmit)).toEqual([]);
  });

  it('resets with the link and the new password, then shows success and hides the form', async () => {
    const api = validLink().on(accountsApi.pwResetSubmit, { succeeded: true });
    const page = renderPage(<PwResetPage />, { route, url, api });
    await fillIn(page, 'a new password', 'a new password');
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset successfully');
    expect(page.api.callsTo(accountsApi.pwResetSubmit).map((c) => c.json)).toEqual([{ uid: 'abc123', newPassword: 'a new password' }]);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('shows the generic error when the server refuses, and keeps the form', async () => {
    const api = validLink().on(accountsApi.pwResetSubmit, new FakeFailure(500, 'boom'));
    const page = renderPage(<PwResetPage />, { route, url, api });
    await fillIn(page, 'a new password', 'a new password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByLabelText(/^New password/)).toBeInTheDocument();
  });
});
