import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../../../shared/api/accounts';
import { paymentsApi } from '../../../shared/api/payments';
import { COMPLETED_FLOW } from '../../components/card-payment/payments-api';
import { readSession } from '../../lib/session';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { saveJoinSignIn } from './flow-storage';
import { readJoinSignIn } from './flow-storage-schemas';
import { registerSignIn } from './membership-api';
import { RegisterThanksPage } from './register-thanks-page';

const grant = { payment_id: 'pay-1', secret: 'the-secret' };
const signedIn = { access_token: 'new-token', token_type: 'bearer' as const, username: 'ani@example.org', role: 'member' as const };

describe('the thank-you page of joining (decision 086)', () => {
  it('signs the new member in with the secret their registration gave, once', async () => {
    saveJoinSignIn(grant);
    const api = new FakeApi().on(accountsApi.registerSignIn, signedIn);
    renderPage(<RegisterThanksPage />, { route: '/register/thanks', state: COMPLETED_FLOW, api });
    expect(await screen.findByText('You are signed in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(api.callsTo(accountsApi.registerSignIn).map((call) => call.json)).toEqual([grant]);
    expect(readSession()).toEqual({ token: 'new-token', username: 'ani@example.org', role: 'member' });
    expect(readJoinSignIn()).toBeUndefined();
  });

  it('says plainly why it could not sign them in, and offers to sign in', async () => {
    saveJoinSignIn(grant);
    const api = new FakeApi().on(
      accountsApi.registerSignIn,
      new FakeFailure(400, 'This sign-in has been used or has expired. Please sign in with your e-mail address and password.'),
    );
    renderPage(<RegisterThanksPage />, { route: '/register/thanks', state: COMPLETED_FLOW, api });
    expect(await screen.findByText(/We could not sign you in.*This sign-in has been used or has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signIn');
    expect(readSession()).toBeNull();
    expect(readJoinSignIn()).toBeUndefined();
  });

  it('signs nobody in on a thank-you page opened by hand', async () => {
    saveJoinSignIn(grant);
    renderPage(<RegisterThanksPage />, { route: '/register/thanks' });
    expect(await screen.findByRole('heading', { name: 'Joining us' })).toBeInTheDocument();
    expect(readSession()).toBeNull();
    expect(readJoinSignIn()).toEqual(grant);
  });

  it('asks again while the payment is still being confirmed', async () => {
    let calls = 0;
    const api = new FakeApi().on(accountsApi.registerSignIn, () =>
      ++calls < 3 ? new FakeFailure(409, 'Your payment is still being confirmed. Please try again in a few seconds.') : signedIn,
    );
    renderPage(<p />, { api });
    await expect(registerSignIn(grant, [0, 0, 0])).resolves.toMatchObject({ access_token: 'new-token' });
    expect(calls).toBe(3);
    calls = 0;
    await expect(registerSignIn(grant, [0])).rejects.toMatchObject({ status: 409 });
    expect(calls).toBe(2);
  });
});

describe('the thank-you page as the return address of a method that left the page (decision 145)', () => {
  const SECRET = 'pi_3Back_secret_xyz';
  const returned = `/register/thanks?payment_intent=pi_3Back&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`;

  it('settles once through the settle call, takes the secret out of the address, and goes on as a finished payment', async () => {
    saveJoinSignIn(grant);
    const api = new FakeApi().on(paymentsApi.settle, { status: 'succeeded' }).on(accountsApi.registerSignIn, signedIn);
    const page = renderPage(<RegisterThanksPage />, { route: '/register/thanks', url: returned, api });
    expect(await screen.findByText('You are signed in.')).toBeInTheDocument();
    expect(api.callsTo(paymentsApi.settle).map((call) => call.json)).toEqual([{ client_secret: SECRET }]);
    expect(page.location()).toBe('/register/thanks');
  });

  it('says nothing was taken when the provider says the payment failed, whatever the address claims, and signs nobody in', async () => {
    saveJoinSignIn(grant);
    const api = new FakeApi().on(paymentsApi.settle, { status: 'requires_payment_method' });
    const page = renderPage(<RegisterThanksPage />, { route: '/register/thanks', url: returned, api });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your payment was not completed, and nothing was charged. Please try again.',
    );
    expect(screen.getByRole('heading', { name: 'Joining us' })).toBeInTheDocument();
    expect(page.location()).toBe('/register/thanks');
    expect(api.callsTo(accountsApi.registerSignIn)).toEqual([]);
    expect(readSession()).toBeNull();
  });

  it('says a payment the bank is still confirming is being processed, and a reload settles nothing again', async () => {
    const api = new FakeApi().on(paymentsApi.settle, { status: 'processing' });
    renderPage(<RegisterThanksPage />, { route: '/register/thanks', url: returned, api });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your payment is being processed. We will e-mail you as soon as it is confirmed.',
    );
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);

    // The same history entry after a reload: its state says what happened; nothing is asked again.
    const reloaded = new FakeApi();
    renderPage(<RegisterThanksPage />, { route: '/register/thanks', state: { payment: 'processing' }, api: reloaded });
    expect(await screen.findAllByText('Your payment is being processed. We will e-mail you as soon as it is confirmed.')).toHaveLength(2);
    expect(reloaded.callsTo(paymentsApi.settle)).toEqual([]);
  });
});
