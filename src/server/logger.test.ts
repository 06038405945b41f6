import { describe, expect, it } from 'vitest';
import { safeUrl } from './logger';

describe('safeUrl', () => {
  it.each([
    ['/signIn/pwReset/abc123', '/signIn/pwReset/[redacted]'],
    ['/signin/pwreset/abc123', '/signin/pwreset/[redacted]'],
    ['/api/pw_reset_validate/abc123', '/api/pw_reset_validate/[redacted]'],
    ['/account/confirm-email/tok3n', '/account/confirm-email/[redacted]'],
    ['/events?token=secret', '/events'],
    ['/signIn/%70wReset/abc123', '/signIn/pwReset/[redacted]'],
    ['/signin//pwreset/abc123?x=1', '/signin/pwreset/[redacted]'],
    ['/account/confirm%2Demail/tok3n', '/account/confirm-email/[redacted]'],
    ['/api/pw%5Freset_validate/abc123', '/api/pw_reset_validate/[redacted]'],
    ['/api/unsubscribe/tok3n', '/api/unsubscribe/[redacted]'],
    ['/preferences/tok3n?from=mail', '/preferences/[redacted]'],
    ['/api/Preferences/tok3n', '/api/Preferences/[redacted]'],
    ['/events/42', '/events/42'],
  ])('%s is logged as %s', (url, logged) => {
    expect(safeUrl(url)).toBe(logged);
  });
});
