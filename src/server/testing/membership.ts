import type { TestApp } from './test-app';

/** A complete, valid registration form; override what a test is about (a student gets a graduation year to come). */
export function registrationForm(overrides: Record<string, unknown> = {}) {
  const student = String(overrides.tier_index) === '2' && !('grad_year' in overrides);
  return {
    ...(student ? { grad_year: 2029 } : {}),
    tier_index: 0,
    first_name: 'Ani',
    last_name: 'Sargsyan',
    email: `ani-${Math.random().toString(36).slice(2, 8)}@example.org`,
    plain_pw: 'a long enough password',
    qualifications: 'MBBS',
    workplace: 'St Elsewhere',
    job_title: 'Registrar',
    ...(student ? {} : { grad_year: null }),
    addr_line1: '1 High Street',
    addr_line2: '',
    addr_city: 'London',
    addr_post: 'N1 1AA',
    phone_no: '+44 20 7946 0000',
    ...overrides,
  };
}

let registrations = 0;
/** A fresh client address for each registration, so per-address limits only bite where a test means them to. */
const nextAddress = () => `10.3.${Math.floor(++registrations / 250) % 250}.${(registrations % 250) + 1}`;

export async function proceed(t: TestApp, form: Record<string, unknown>, ip = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/register_proceed', payload: form, remoteAddress: ip });
}

export async function payWithCard(t: TestApp, clientSecret: string, cardNumber: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/test_confirm',
    payload: {
      client_secret: clientSecret,
      card_number: cardNumber,
      exp_month: 12,
      exp_year: 2034,
      cvc: cardNumber.startsWith('3') ? '1234' : '123',
    },
  });
}

export async function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
}

export async function outboxFor(t: TestApp, email: string) {
  return t.db.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
}

/** Registers and pays (or confirms a free tier), then signs in: a member ready to use. */
export async function registeredMember(t: TestApp, overrides: Record<string, unknown> = {}) {
  const form = registrationForm(overrides);
  const started = (await proceed(t, form)).json();
  if (started.client_secret) await payWithCard(t, started.client_secret, '4242 4242 4242 4242');
  else await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: started });
  const token = (await signIn(t, form.email, form.plain_pw)).json().access_token as string;
  return { form, authorization: `Bearer ${token}` };
}
