import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../../../shared/api/accounts';
import { readSession } from '../../lib/session';
import { FakeApi } from '../../testing/fake-api';
import { servedPage, typeBeforeScript } from '../../testing/served-page';
import { SignInPage } from './sign-in-page';

const signedIn = { access_token: 'tok', token_type: 'bearer' as const, username: 'ani@example.org', role: 'member' as const };
const input = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('the sign-in page before and as its script arrives (decision 085)', () => {
  it('posts itself to the server, never by GET', () => {
    const page = servedPage(<SignInPage />, { route: '/signIn' });
    const form = page.container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/signIn');
    expect(input(page.container, 'email')).toBeTruthy();
    expect(input(page.container, 'password').type).toBe('password');
  });

  it('keeps what was typed before the script, and signs in with it', async () => {
    const api = new FakeApi().on(accountsApi.token, signedIn);
    const page = servedPage(<SignInPage />, { route: '/signIn', api });
    typeBeforeScript(input(page.container, 'email'), 'ani@example.org');
    typeBeforeScript(input(page.container, 'password'), 'correct horse');
    await page.takeOver();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ani@example.org');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('correct horse');
    await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Elsewhere: /profile');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/token']);
    expect(readSession()?.token).toBe('tok');
  });

  it("shows the server's refusal with the address kept", async () => {
    const page = servedPage(<SignInPage />, {
      route: '/signIn',
      outcome: { form: 'signIn', values: { email: 'ani@example.org' }, message: { tone: 'error', key: 'invalid_credentials' } },
    });
    expect(within(page.container).getByRole('alert')).toHaveTextContent('Email or password not recognized');
    expect(input(page.container, 'email').value).toBe('ani@example.org');
    expect(input(page.container, 'password').value).toBe('');
    await page.takeOver();
    expect(screen.getByRole('alert')).toHaveTextContent('Email or password not recognized');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ani@example.org');
  });

  it('asks for the second factor the server asked for, and sends its code with the password', async () => {
    const api = new FakeApi().on(accountsApi.token, signedIn);
    const page = servedPage(<SignInPage />, {
      route: '/signIn',
      api,
      outcome: {
        form: 'signIn',
        values: { email: 'ani@example.org' },
        secondFactor: ['totp', 'recovery_code'],
        message: { tone: 'info', text: 'Enter the code from your authenticator app or a recovery code, or use your passkey' },
      },
    });
    expect(input(page.container, 'otp')).toBeTruthy();
    await page.takeOver();
    await page.user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await page.user.type(screen.getByLabelText(/^Code/), '123456');
    await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Elsewhere: /profile');
    const sent = api.calls.find((call) => call.path === '/api/token')?.form ?? new URLSearchParams();
    expect(Object.fromEntries(sent)).toEqual({ username: 'ani@example.org', password: 'correct horse', otp: '123456' });
  });

  it('keeps the session the server opened, and goes on to the profile', async () => {
    const page = servedPage(<SignInPage />, {
      route: '/signIn',
      outcome: {
        form: 'signIn',
        values: { email: 'ani@example.org' },
        message: { tone: 'success', key: 'form.signed_in' },
        handover: { kind: 'session', session: { token: 'tok', username: 'ani@example.org', role: 'member' } },
      },
    });
    expect(within(page.container).getByRole('status')).toHaveTextContent('You are signed in.');
    expect(page.container.querySelector('form')).toBeNull();
    await page.takeOver();
    await screen.findByText('Elsewhere: /profile');
    expect(readSession()).toEqual({ token: 'tok', username: 'ani@example.org', role: 'member' });
  });
});
