import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
