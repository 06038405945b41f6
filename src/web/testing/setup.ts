import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy and waitFor wait for their condition however busy the machine: a minute only ends a test
// that can never pass (Testing Library's own second fails on a loaded machine).
configure({ asyncUtilTimeout: 60_000 });

// Each test starts signed out, with no cached site text and no stubbed globals left behind.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
