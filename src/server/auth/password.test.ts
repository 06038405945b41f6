import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('s3cret pässword');
    const b = await hashPassword('s3cret pässword');
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret pässword', a)).toBe(true);
    expect(await verifyPassword('s3cret password', a)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
  });

  it('asks for a rehash when the stored parameters are weaker than today', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash('scrypt$16384$8$1$c2FsdA==$a2V5')).toBe(true);
    expect(needsRehash('bcrypt$whatever')).toBe(true);
  });
});
