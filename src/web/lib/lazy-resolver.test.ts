import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const accepting: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('a resolver whose schema loads on first use (decision 221)', () => {
  it('loads nothing until the form is first checked or focused, then once', async () => {
    const load = vi.fn(async () => accepting);
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    await expect(resolver({ name: 'Ani' }, undefined, options)).resolves.toEqual({ values: { name: 'Ani' }, errors: {} });
    await resolver({ name: 'Aram' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers the check with what the loaded resolver finds', async () => {
    const refusing: Resolver<Values> = async () => ({ values: {}, errors: { name: { type: 'too_small', message: 'Enter your name' } } });
    const { resolver } = lazyResolver(async () => refusing);
    expect((await resolver({ name: '' }, undefined, options)).errors).toEqual({ name: { type: 'too_small', message: 'Enter your name' } });
  });

  it('tries the load again at the next check when it failed (a dropped connection)', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(accepting);
    const { resolver, preload } = lazyResolver(load);
    preload();
    await expect(resolver({ name: 'Ani' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: 'Ani' }, undefined, options)).resolves.toMatchObject({ values: { name: 'Ani' } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
