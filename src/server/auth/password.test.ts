import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PRODUCTION_COST, passwordHasher } from './password';

describe('password hashing', () => {
  const hasher = passwordHasher(10);

  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hasher.hash('s3cret pässword');
    const b = await hasher.hash('s3cret pässword');
    expect(a).not.toBe(b);
    expect(await hasher.verify('s3cret pässword', a)).toBe(true);
    expect(await hasher.verify('s3cret password', a)).toBe(false);
    expect(await hasher.verify('anything', 'not a hash')).toBe(false);
  });

  it('asks for a rehash of a weaker hash only, never of a stronger one', async () => {
    expect(hasher.needsRehash(await hasher.hash('x'))).toBe(false);
    // Made at a higher cost (the setting was lowered since): kept.
    expect(hasher.needsRehash('scrypt$16384$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(hasher.needsRehash('scrypt$1024$16$1$c2FsdA==$a2V5')).toBe(false);
    // Weaker in work or in memory: replaced.
    expect(hasher.needsRehash('scrypt$512$8$1$c2FsdA==$a2V5')).toBe(true);
    expect(hasher.needsRehash('scrypt$1024$4$2$c2FsdA==$a2V5')).toBe(true);
    expect(hasher.needsRehash('bcrypt$whatever')).toBe(true);
  });

  it('verifies a hash made at another cost, from the parameters stored in it', async () => {
    const stronger = await passwordHasher(11).hash('pässword');
    expect(await hasher.verify('pässword', stronger)).toBe(true);
    expect(hasher.needsRehash(stronger)).toBe(false);
    const weaker = await passwordHasher(9).hash('pässword');
    expect(await hasher.verify('pässword', weaker)).toBe(true);
    expect(hasher.needsRehash(weaker)).toBe(true);
  });

  it('uses production strength unless configured otherwise: scrypt N=2^17, r=8, p=1', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(PRODUCTION_COST);
    const production = passwordHasher(loadConfig({}).passwordHashCost);
    expect(production.params).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = await production.hash('pässword');
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await production.verify('pässword', stored)).toBe(true);
  });
});
