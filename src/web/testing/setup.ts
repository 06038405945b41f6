import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The admin's tools on a public page (MUI, with its theme) load on first use, as in the browser:
// the first such import in a test file takes a few seconds here.
configure({ asyncUtilTimeout: 5000 });

// Each test starts signed out, with no cached site text and no stubbed globals left behind.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
