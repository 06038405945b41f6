import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_EMAIL, E2E_PORT } from './test-env';

/**
 * The journeys' admin meets the rule that staff need a second factor (decision 132): global setup
 * sets up an authenticator app for it once per server and signs in with its code. What a person
 * would keep (the app's secret, the session) is kept in this file for the journeys of the run.
 */
export type AdminSession = { token: string; secret: string; lastStep: number };

const file = path.join(os.tmpdir(), `e2e-admin-${E2E_PORT}.json`);
const PERIOD = 30;

export function readAdminSession(): AdminSession {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AdminSession;
}

export function writeAdminSession(session: AdminSession): void {
  fs.writeFileSync(file, JSON.stringify(session), { mode: 0o600 });
}

export function adminSessionFile(): string {
  return file;
}

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD);

/** The app's code for a time step. */
export function codeAt(secret: string, step: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) }).generate({
    timestamp: step * PERIOD * 1000,
  });
}

/**
 * A code the server has not seen: each time step is accepted once, so after one was used the next
 * one is taken (the server accepts a step either side of now) and the step is noted.
 */
export function nextAdminCode(): string {
  const session = readAdminSession();
  const step = Math.max(currentStep(), session.lastStep + 1);
  if (step > currentStep() + 1) throw new Error('Two admin codes were used within 30 seconds: a journey signs in as admin once per run');
  writeAdminSession({ ...session, lastStep: step });
  return codeAt(session.secret, step);
}

export { ADMIN_EMAIL };
