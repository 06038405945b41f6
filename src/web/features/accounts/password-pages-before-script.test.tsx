import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../../../shared/api/accounts';
import { FakeApi } from '../../testing/fake-api';
import { servedPage, typeBeforeScript } from '../../testing/served-page';
import { PwForgotPage } from './pw-forgot-page';
import { PwResetPage } from './pw-reset-page';

describe('the password pages before and as the script arrives (decision 085)', () => {
  it('says the link is on its way when the server sent it', async () => {
    const page = servedPage(<PwForgotPage />, {
      route: '/signIn/pwForgot',
      outcome: { form: 'pwForgot', values: { email: 'ani@example.org' }, done: true },
    });
    expect(within(page.container).getByRole('status')).toHaveTextContent('Please check your email for further instructions.');
    await page.takeOver();
    expect(screen.getByRole('status')).toHaveTextContent('Please check your email');
  });

  it('keeps the address typed before the script and sends it', async () => {
    const api = new FakeApi().on(accountsApi.pwForgot, { succeeded: true });
    const page = servedPage(<PwForgotPage />, { route: '/signIn/pwForgot', api });
    const form = page.container.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/signIn/pwForgot']);
    typeBeforeScript(page.container.querySelector<HTMLInputElement>('input[name="email"]')!, 'ani@example.org');
    await page.takeOver();
    await page.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText('Please check your email for further instructions.');
    expect(api.callsTo(accountsApi.pwForgot).map((call) => call.json)).toEqual([{ email: 'ani@example.org' }]);
  });

  it('says the password is changed when the server changed it', async () => {
    const api = new FakeApi().on(accountsApi.pwResetValidate, { valid: false });
    const page = servedPage(<PwResetPage />, {
      route: '/signIn/pwReset/:uid',
      url: '/signIn/pwReset/abc',
      api,
      outcome: { form: 'pwReset', done: true },
    });
    expect(within(page.container).getByRole('status')).toHaveTextContent('Password reset successfully');
    await page.takeOver();
    expect(screen.getByRole('status')).toHaveTextContent('Password reset successfully');
  });

  it('keeps both passwords typed before the script, posting to the link itself', async () => {
    const api = new FakeApi().on(accountsApi.pwResetValidate, { valid: true }).on(accountsApi.pwResetSubmit, { succeeded: true });
    const page = servedPage(<PwResetPage />, { route: '/signIn/pwReset/:uid', url: '/signIn/pwReset/abc', api });
    // The served page asks the server whether the link is good; in the browser the script asks.
    await page.takeOver();
    const form = await screen.findByRole('button', { name: 'Reset password' }).then((button) => button.closest('form')!);
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/signIn/pwReset/abc']);
    await page.user.type(screen.getByLabelText(/^New password/), 'a new password');
    await page.user.type(screen.getByLabelText(/^Confirm new password/), 'a new password');
    await page.user.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText('Password reset successfully');
    expect(api.callsTo(accountsApi.pwResetSubmit).map((call) => call.json)).toEqual([{ uid: 'abc', newPassword: 'a new password' }]);
  });
});
