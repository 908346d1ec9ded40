import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

export const apiURL = () => {
  const url = process.env.E2E_API_URL;
  if (!url) throw new Error('Run the browser tests through `npm run test:e2e`, which starts the API and the site.');
  return url;
};

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Signs in through the API and returns the token and user. */
export async function apiSignIn(username: string, password: string) {
  const response = await fetch(`${apiURL()}/api/auth/carabala`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, deviceId: 'carabala.web.e2e' }),
  });
  const body = await response.json();
  if (body.code !== 'api.success') throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data as { accessToken: string; user: { id: string; shortId: string; displayName: string } };
}

/** Puts a session into the browser's storage before any page script runs, as the sign-in dialog would. */
export async function useSignedIn(page: Page, username: string, password: string) {
  const session = await apiSignIn(username, password);
  await page.addInitScript(
    ([token, user]) => {
      // Once per tab: later navigations keep whatever the site did with the session (sign-out included).
      if (!sessionStorage.getItem('e2e-session-seeded')) {
        sessionStorage.setItem('e2e-session-seeded', '1');
        localStorage.setItem('access_token', token);
        localStorage.setItem('user_detail', user);
      }
    },
    [session.accessToken, JSON.stringify(session.user)] as const,
  );
  return session;
}

/** The login button of the current layout: the header button on desktop, the image button on mobile. */
export function openLoginDialog(page: Page, testInfo: TestInfo) {
  const header = page.locator('header');
  return isMobile(testInfo)
    ? header.getByRole('button', { name: 'Đăng nhập' }).first().click()
    : header.getByRole('button', { name: 'Đăng nhập' }).click();
}

/** Reads the signed-in display name from the header (desktop) or the open menu (mobile). */
export async function expectSignedInAs(page: Page, testInfo: TestInfo, displayName: string) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await expect(page.getByTestId('mobile-display-name')).toContainText(displayName);
    await page.getByRole('button', { name: 'Đóng menu' }).click();
  } else {
    await expect(page.getByTestId('user-display-name')).toHaveText(displayName);
  }
}

/**
 * Every browser test fails on a Content-Security-Policy violation (Chromium reports each one on the
 * console), so the policy is known not to break a page.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text()))
          violations.push(`${message.page()?.url()}: ${message.text()}`);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
