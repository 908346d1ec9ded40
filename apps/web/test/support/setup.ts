import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each test starts with an empty page, signed out, with the real clock and the real fetch.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
