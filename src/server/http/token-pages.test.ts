import { describe, expect, it } from 'vitest';
import { pagePath, TOKEN_PAGES } from '../../shared/domain/page-paths';
import { carriesToken, readablePath } from './token-pages';

describe('addresses that carry a token', () => {
  it.each([
    '/signIn/pwReset/xyz',
    '/signin/pwreset/xyz',
    '/signIn/%70wReset/xyz',
    '/%73%69%67%6e%49%6e/%70%77%52%65%73%65%74/xyz',
    '/signIn//pwReset/xyz',
    '/signIn/pwReset/xyz?utm=1',
    '/events/../signIn/pwReset/xyz',
    '/events/%2e%2e/signIn/pwReset/xyz',
    '/account/confirm-email/abc',
    '/account/confirm%2Demail/abc',
    '/api/pw_reset_validate/abc',
    '/preferences/abc',
    '/Preferences/abc',
    '/api/preferences/abc',
    '/api/unsubscribe/abc',
    '/api/%75nsubscribe/abc',
    '/invitation/abc',
    '/Invitation/abc',
    '/api/invitations/abc',
  ])('%s carries a token', (url) => {
    expect(carriesToken(url)).toBe(true);
  });

  it.each([
    '/',
    '/signIn',
    '/signIn/pwForgot',
    '/signIn/pwReset/',
    '/events/42',
    '/account',
    '/news?q=pwReset/x',
    '/%E0%A4%A',
    '/preferences/',
    '/api/account/subscriptions',
  ])('%s does not', (url) => {
    expect(carriesToken(url)).toBe(false);
  });

  it('covers every page the page paths name as carrying a secret (one list, decision 088)', () => {
    for (const page of TOKEN_PAGES) expect(carriesToken(pagePath(page, { uid: 'x1', token: 'x1' })), page).toBe(true);
  });

  it('reads a path as the router does', () => {
    expect(readablePath('/signIn/%70wReset//x?y=1#z')).toBe('/signIn/pwReset/x');
    expect(readablePath('/%E0%A4%A')).toBe('/%E0%A4%A');
  });
});
