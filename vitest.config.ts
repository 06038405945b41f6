import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // scrypt at production strength takes a few hundred milliseconds a hash on these machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
