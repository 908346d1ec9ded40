import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

/**
 * What every component test needs of its simulated DOM (happy-dom), loaded with ./render.tsx: a few
 * shims, quiet layout warnings, and a clean page after each test.
 */

// A busy machine (CI's two cores run several suites at once) may take more than the default second to
// show an answer; a passing test waits no longer for it.
configure({ asyncUtilTimeout: 3_000 });
// The same for a whole test, which clicks and types through a form (Vitest's default is 5 s).
vi.setConfig({ testTimeout: 15_000 });

// next/image warns that a `fill` picture's parent has no position or height: the simulated DOM has no
// stylesheet, so every such picture would say it. Other warnings pass through.
const warn = console.warn;
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && /^Image with src .* has "fill"/s.test(args[0])) return;
  warn(...args);
});

// Two standard properties happy-dom lacks and react-hook-form reads to tell whether a select was
// changed before the form was ready: without them, a select whose first option is a disabled
// placeholder counts as changed, and the form takes the first real option as chosen.
for (const [prototype, name, read] of [
  [HTMLSelectElement.prototype, 'size', (element: Element) => Number(element.getAttribute('size') ?? 0)],
  [HTMLOptionElement.prototype, 'defaultSelected', (element: Element) => element.hasAttribute('selected')],
] as const) {
  if (!(name in prototype))
    Object.defineProperty(prototype, name, {
      get: function (this: Element) {
        return read(this);
      },
    });
}

// Each test starts with an empty page, signed out, with the real clock and the real fetch.
afterEach(() => {
  cleanup();
  // The toasts' store outlives the page: no message of one test is read by the next.
  toast.remove();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
