import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { siteTextDefaults, type SiteTextKey } from '../src/shared/domain/site-text';
import { nextAdminCode, readAdminSession } from './admin-session';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-env';

export { expect };
export { ADMIN_EMAIL, ADMIN_PASSWORD };

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails with a readable list when axe finds any WCAG 2.1 A/AA violation on the page as it is now.
 * Legacy mode runs axe in the page itself: the default opens a blank page per scan to merge the
 * frames' results, which took 2-3 s a scan where this takes under 1 s. Our own pages have no frames;
 * a third-party frame (a video, the social media page) is not ours to scan.
 */
export async function checkA11y(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  const report = results.violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
  expect(results.violations, `Accessibility violations on ${page.url()}:\n${report}`).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Opens the site as the server's admin, signed in, on the profile page. The admin has a second
 * factor (e2e/global-setup.ts): each time step's code works once, so the journeys share the
 * session it opened, as one admin's browser keeps its session (decision 132).
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const { token } = readAdminSession();
  await page.goto('/signIn');
  await page.evaluate(
    ([token, username]) => sessionStorage.setItem('session', JSON.stringify({ token, username, role: 'admin' })),
    [token, ADMIN_EMAIL],
  );
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
}

/** Signs in as the admin through the form: the password, then a code from its authenticator app. */
export async function signInAsAdminWithCode(page: Page): Promise<void> {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByLabel('Code').fill(nextAdminCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

/** The bearer token of whoever is signed in on the page. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
  if (!token) throw new Error('Nobody is signed in on this page');
  return token;
}

/** A site text as the server has it now (its shipped default when never saved). */
export async function siteTextValue(page: Page, key: SiteTextKey): Promise<string> {
  const res = await page.request.get('/api/string_table_v2');
  expect(res.status()).toBe(200);
  const table = (await res.json()) as { key: string; value: string }[];
  return table.find((entry) => entry.key === key)?.value ?? siteTextDefaults[key];
}

/** Saves a site text through the API with the signed-in admin's token (journeys put back what they change). */
export async function setSiteText(page: Page, key: SiteTextKey, value: string): Promise<void> {
  const res = await page.request.post('/api/set_string', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data: { key, value },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Right-clicks a site text as the admin and answers its prompt. The right-click handler loads just
 * after the page has taken over (src/web/components/site-text-editor.tsx), so a right-click made at
 * once may meet the browser's own menu; as a person would, this right-clicks again until the prompt opens.
 */
export async function openSiteTextPrompt(target: Locator): Promise<Locator> {
  const prompt = target.page().getByRole('dialog', { name: /Edit site text/ });
  await expect(async () => {
    if (!(await prompt.isVisible())) await target.click({ button: 'right', timeout: 2_000 });
    await expect(prompt).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return prompt;
}

/** The admin's bearer header (the session global setup opened), for setting up and putting back shared state. */
export async function adminAuthorization(request: APIRequestContext): Promise<{ authorization: string }> {
  const authorization = `Bearer ${readAdminSession().token}`;
  const res = await request.get('/api/member_info', { headers: { authorization } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization };
}

/**
 * Makes the page's goto and reload wait until the site's script has taken the page over
 * (src/web/main.tsx marks <html data-hydrated>), as a person acts on a page that has finished
 * loading. The fixture's page does this; a journey's second page (another visitor) calls it.
 */
export function waitForHydrationOnNavigation(page: Page): Page {
  const hydrated = () =>
    page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' || !document.getElementById('root'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
  return page;
}

export const test = base.extend<{ finalA11yScan: void }>({
  // Each journey is a visitor of its own: the server trusts loopback as its proxy (start-server.mjs), and this
  // address (198.18.0.0/15, reserved for testing) keys the per-address limits, which a second run of
  // the journeys against the same server would otherwise find already used up.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}` });
  },
  // A server-rendered page shows before its script has taken it over; a journey acts on it only after.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForHydrationOnNavigation(page);
    await use(page);
  },
  // Every journey ends with a scan of the page it reached, on top of the scans along the way.
  finalA11yScan: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus && page.url().startsWith('http')) await checkA11y(page);
    },
    { auto: true },
  ],
});
