import { describe, expect, it } from 'vitest';
import { loadConfig, stripeApiBase } from './config';

describe('STRIPE_API_BASE', () => {
  it('points the Stripe SDK at another origin: stripe-mock, a recording proxy', () => {
    expect(loadConfig({ STRIPE_API_BASE: 'http://localhost:12111' }).stripe.api).toEqual({
      host: 'localhost',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ STRIPE_API_BASE: 'https://stripe-proxy.example.org/' }).stripe.api).toEqual({
      host: 'stripe-proxy.example.org',
      port: 443,
      protocol: 'https',
    });
    expect(stripeApiBase('http://[::1]:12111')).toEqual({ host: '::1', port: 12111, protocol: 'http' });
  });

  it('leaves Stripe’s own API when unset or empty', () => {
    expect(loadConfig({}).stripe.api).toBeUndefined();
    expect(loadConfig({ STRIPE_API_BASE: '' }).stripe.api).toBeUndefined();
  });

  it('refuses anything but an http(s) origin, naming the variable', () => {
    for (const bad of [
      'localhost:12111',
      'ftp://localhost:12111',
      'http://localhost:12111/v1',
      'http://localhost:12111/?x=1',
      'http://user:pass@localhost:12111',
      'not an address',
    ]) {
      expect(() => loadConfig({ STRIPE_API_BASE: bad }), bad).toThrow(/STRIPE_API_BASE: STRIPE_API_BASE must be/);
    }
  });
});
