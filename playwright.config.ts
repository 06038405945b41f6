import { defineConfig } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_BASE_URL, E2E_PORT } from './e2e/test-env';

// Debian's Chromium (never `playwright install`); these flags keep it quiet and headless here.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SITE_WIDE = /(site-(settings|texts)|staff-second-factor)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // The admin sets up its second factor once, after the server starts (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries: every journey leaves shared state as it found it or uses its own data, so a failure is real.
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // The site drops its animations for reduced motion, so scans never see a half-faded colour.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } }, testIgnore: SITE_WIDE },
    // Journeys that change what every page shows (the association's name, a shared text, the
    // social media page) or who is admin run after all the others, one at a time, and put
    // everything back.
    {
      name: 'site-wide',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
      testMatch: SITE_WIDE,
      dependencies: ['chromium'],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    // E2E_REUSE_SERVER=1 runs against a server already on E2E_PORT, e.g. to run the journeys twice
    // against one server and see that they leave it as they found it.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_BASE_URL,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    },
  },
});
