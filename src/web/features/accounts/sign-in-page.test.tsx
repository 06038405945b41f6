import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../../../shared/api/accounts';
import { SECOND_FACTOR_NEEDED, WRONG_CODE } from '../../../shared/api/second-factor';
import { armenianDetail } from '../../../shared/domain/api-messages-hy';
import { siteTextHy } from '../../../shared/domain/site-text-hy';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { SignInPage } from './sign-in-page';

const route = '/signIn';
const signedIn = { access_token: 'a.b.c', token_type: 'bearer' as const, username: 'ani@example.org', role: 'member' as const };

async function typePassword(page: ReturnType<typeof renderPage>) {
  await page.user.type(screen.getByLabelText(/^Email/), 'ani@example.org');
  await page.user.type(screen.getByLabelText(/^Password/), 'a long password');
  await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in with a second factor', () => {
  it('asks for the code after a right password, and sends it with the password as otp', async () => {
    const api = new FakeApi().on(accountsApi.token, (request) =>
      request.form?.get('otp')
        ? request.form.get('otp') === '123456'
          ? signedIn
          : new FakeFailure(401, WRONG_CODE, undefined, { second_factor: ['totp', 'recovery_code'] })
        : new FakeFailure(401, SECOND_FACTOR_NEEDED, undefined, { second_factor: ['totp', 'recovery_code'] }),
    );
    const page = renderPage(<SignInPage />, { route, api });
    await typePassword(page);
    expect(await screen.findByRole('heading', { name: 'One more step' })).toBeInTheDocument();
    // No error is shown for the expected 401: it is a step, not a failure.
    expect(screen.queryByText('Email or password not recognized')).toBeNull();

    await page.user.type(screen.getByLabelText(/^Code/), '000000');
    await page.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That code is not right, or it has been used already.')).toBeInTheDocument();

    await page.user.clear(screen.getByLabelText(/^Code/));
    await page.user.type(screen.getByLabelText(/^Code/), '123456');
    await page.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Elsewhere: /profile')).toBeInTheDocument();
    const sent = page.api.callsTo(accountsApi.token).map((c) => Object.fromEntries(c.form!));
    expect(sent.at(-1)).toEqual({ username: 'ani@example.org', password: 'a long password', otp: '123456' });
  });

  it('goes back to the password form', async () => {
    const api = new FakeApi().on(accountsApi.token, new FakeFailure(401, SECOND_FACTOR_NEEDED, undefined, { second_factor: ['totp'] }));
    const page = renderPage(<SignInPage />, { route, api });
    await typePassword(page);
    await page.user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
  });

  it('takes staff without a second factor to set one up first', async () => {
    const api = new FakeApi().on(accountsApi.token, { ...signedIn, role: 'admin', second_factor_setup: 'required' });
    const page = renderPage(<SignInPage />, { route, api });
    await typePassword(page);
    expect(await screen.findByText('Elsewhere: /profile/security')).toBeInTheDocument();
  });

  it('still says a wrong password is wrong', async () => {
    const api = new FakeApi().on(accountsApi.token, new FakeFailure(401, 'Email or password not recognized'));
    const page = renderPage(<SignInPage />, { route, api });
    await typePassword(page);
    expect(await screen.findByText('Email or password not recognized')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'One more step' })).toBeNull();
  });
});

describe('refusals on the Armenian page (decision 195)', () => {
  it('asks the server in the page’s language and shows its refusal in Armenian', async () => {
    const tooMany = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
    // As the server answers: in the language the request asks for.
    const api = new FakeApi().on(
      accountsApi.token,
      (request) => new FakeFailure(429, request.acceptLanguage === 'hy' ? armenianDetail(tooMany)! : tooMany),
    );
    const page = renderPage(<SignInPage />, { route, api, language: 'hy' });
    await page.user.type(screen.getByLabelText(new RegExp(`^${siteTextHy['signin.email']}`)), 'ani@example.org');
    await page.user.type(screen.getByLabelText(new RegExp(`^${siteTextHy['signin.password']}`)), 'a long password');
    await page.user.click(screen.getByRole('button', { name: siteTextHy['signin.submit'] }));
    expect(await screen.findByText('Մուտքի չափազանց շատ փորձեր։ Խնդրում ենք սպասել 15 րոպե և կրկին փորձել։')).toBeInTheDocument();
    expect(screen.queryByText(tooMany)).toBeNull();
    expect(page.api.callsTo(accountsApi.token).map((call) => call.acceptLanguage)).toEqual(['hy']);
  });

  it('asks in English on an English page', async () => {
    const api = new FakeApi().on(
      accountsApi.token,
      new FakeFailure(429, 'Too many sign-in attempts. Please wait 15 minutes and try again.'),
    );
    const page = renderPage(<SignInPage />, { route, api });
    await typePassword(page);
    expect(await screen.findByText('Too many sign-in attempts. Please wait 15 minutes and try again.')).toBeInTheDocument();
    expect(page.api.callsTo(accountsApi.token).map((call) => call.acceptLanguage)).toEqual(['en-GB']);
  });
});
