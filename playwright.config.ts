import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  // What a page shows once its reads have answered. On CI's 2 busy cores (the unit suite beside this one)
  // a console page that reads twice in turn took over 10 s once; a wait that holds passes as soon as it
  // holds, so only a failure takes longer (decision 064).
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // No trace, and Chromium's headless shell (Playwright's own choice for headless runs) rather than the
    // full browser: the browser was two thirds of CI's CPU, and a trace (a screencast and a DOM snapshot
    // at every step) was recorded for every test while CI keeps only what the run prints. A failure still
    // prints its error, the page's ARIA snapshot and a screenshot. Decision 063.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'mobile',
      // The phone runs what a width can change: layout and overflow, what is in view, the phone's menu
      // and drawers, touch, axe. A test whose subject no width changes (what the server answers, a
      // page's logic: messages, money, refusals, redirects, downloads) runs once, at 1280 px, as does
      // the console, which is specified at that width: @desktop-only (docs/decisions/054-ci-time.md).
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
    },
    // What only a phone has (the 320 px screen, a placeholder at phone width) is measured once, in the
    // mobile project: @mobile-only.
    { name: 'desktop', grepInvert: /@mobile-only/, use: { viewport: { width: 1280, height: 800 } } },
  ],
});
