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

  it('asks for a rehash when the stored parameters differ from today', async () => {
    expect(hasher.needsRehash(await hasher.hash('x'))).toBe(false);
    expect(hasher.needsRehash('scrypt$16384$8$1$c2FsdA==$a2V5')).toBe(true);
    expect(hasher.needsRehash('bcrypt$whatever')).toBe(true);
  });

  it('verifies a hash made at another cost, from the parameters stored in it', async () => {
    const old = await passwordHasher(11).hash('pässword');
    expect(await hasher.verify('pässword', old)).toBe(true);
    expect(hasher.needsRehash(old)).toBe(true);
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
