import { request } from '@playwright/test';
import { adminSessionFile, codeAt, readAdminSession, writeAdminSession } from './admin-session';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_BASE_URL } from './test-env';

const step = () => Math.floor(Date.now() / 1000 / 30);

/**
 * The first-start admin account meets the staff rule as a real admin would (decision 132): signed
 * in with its password, it is sent to set up a second factor before anything else, so it sets up
 * an authenticator app, and the journeys use that session. Against a server kept from an earlier
 * run (E2E_REUSE_SERVER=1) the app is set up already: its kept secret signs in.
 */
export default async function globalSetup(): Promise<void> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const signIn = (otp?: string) =>
      api.post('/api/token', { form: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD, ...(otp ? { otp } : {}) } });
    const first = await signIn();
    if (first.status() === 200) {
      const answer = (await first.json()) as { access_token: string; second_factor_setup?: string };
      if (answer.second_factor_setup !== 'required')
        throw new Error(`The new admin was not asked to set up a second factor: ${JSON.stringify(answer)}`);
      const headers = { authorization: `Bearer ${answer.access_token}` };
      const started = await api.post('/api/account/totp', { headers });
      if (!started.ok()) throw new Error(`Setting up the authenticator app failed: ${await started.text()}`);
      const { secret } = (await started.json()) as { secret: string };
      const used = step();
      const confirmed = await api.post('/api/account/totp/confirm', { headers, data: { code: codeAt(secret, used) } });
      if (!confirmed.ok()) throw new Error(`Confirming the authenticator app failed: ${await confirmed.text()}`);
      writeAdminSession({ token: answer.access_token, secret, lastStep: used });
      return;
    }
    // A kept server: its admin has the app whose secret an earlier run kept.
    const kept = readAdminSession();
    const used = Math.max(step(), kept.lastStep + 1);
    const again = await signIn(codeAt(kept.secret, used));
    if (!again.ok()) throw new Error(`The admin could not sign in with its code (${adminSessionFile()}): ${await again.text()}`);
    writeAdminSession({ ...kept, token: ((await again.json()) as { access_token: string }).access_token, lastStep: used });
  } finally {
    await api.dispose();
  }
}
