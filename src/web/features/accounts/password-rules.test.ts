import { describe, expect, it } from 'vitest';
import { passwordsAcceptable } from './password-rules';

describe('the new password rule', () => {
  it('needs at least 8 characters and a matching confirmation', () => {
    expect(passwordsAcceptable('12345678', '12345678')).toBe(true);
    expect(passwordsAcceptable('1234567', '1234567')).toBe(false);
    expect(passwordsAcceptable('12345678', '12345679')).toBe(false);
  });
});
