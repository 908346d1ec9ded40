import { test as base, expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { demoAccounts } from '../apps/api/src/db/seed/demo-accounts';

export const apiURL = () => {
  const url = process.env.E2E_API_URL;
  if (!url) throw new Error('Run the browser tests through `npm run test:e2e`, which starts the API and the site.');
  return url;
};

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

type Session = { accessToken: string; user: { id: string; shortId: string; displayName: string; role: string } };

/** The code of a demo staff account at `at`, from its published TOTP secret (the README's "TOTP" column). */
export function demoCode(username: string, at = Date.now()): string {
  const secret = demoAccounts.find((account) => account.username === username)?.totp;
  if (!secret) throw new Error(`${username} has no demo TOTP secret`);
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

async function postSignIn(username: string, password: string, otp?: string, userAgent?: string) {
  const response = await fetch(`${apiURL()}/api/auth/carabala`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(userAgent ? { 'user-agent': userAgent } : {}) },
    body: JSON.stringify({ username, password, deviceId: 'carabala.web.e2e', ...(otp ? { otp } : {}) }),
  });
  return (await response.json()) as { code: string; data?: Session };
}

/** Waits for the next 30-second time-step and answers its start. */
async function nextStep(): Promise<number> {
  const next = Math.ceil((Date.now() + 1) / 30_000) * 30_000;
  await new Promise((resolve) => setTimeout(resolve, next - Date.now() + 50));
  return Date.now();
}

/**
 * This worker's staff sessions and when their code was entered. A code works once per account and
 * both projects sign in the same demo staff accounts, so each worker signs a staff account in once
 * and reuses the session while its code still counts for step-up (10 minutes; renewed after 8).
 */
const staffSessions = new Map<string, { session: Session; codeAt: number }>();

/** Whether a session still lives and entered a second-factor code (an admin may have ended it). */
async function verifiedSession(session: Session): Promise<boolean> {
  const response = await fetch(`${apiURL()}/api/auth/second-factor`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  return response.ok && ((await response.json()) as { data: { verified: boolean } }).data.verified;
}

/**
 * Signs in through the API and returns the token and user; `userAgent` names another device. A demo
 * staff account signs in with the code of its demo secret: the current step's, else the next one's
 * (the API accepts one step of drift), else, when both were used, the next step's after waiting for
 * it. Unless `fresh` or `userAgent` asks for a new session, a live staff session of this worker is reused.
 */
export async function apiSignIn(
  username: string,
  password: string,
  { userAgent, fresh = false }: { userAgent?: string; fresh?: boolean } = {},
): Promise<Session> {
  let body = await postSignIn(username, password, undefined, userAgent);
  if (body.code === 'api.auth.second_factor_required') {
    const known = userAgent || fresh ? undefined : staffSessions.get(username);
    if (known && Date.now() - known.codeAt < 8 * 60_000 && (await verifiedSession(known.session))) {
      return known.session;
    }
    // Waiting one step reaches the step already used as "next": the one after it is within the drift.
    for (const at of [() => Date.now(), () => Date.now() + 30_000, async () => (await nextStep()) + 30_000]) {
      body = await postSignIn(username, password, demoCode(username, await at()), userAgent);
      if (body.code !== 'api.auth.second_factor.reused') break;
    }
    if (body.data && !userAgent) staffSessions.set(username, { session: body.data, codeAt: Date.now() });
  }
  if (body.code !== 'api.success' || !body.data) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** Puts a session into the browser's storage before any page script runs, as the sign-in dialog would. */
export async function useSignedIn(page: Page, username: string, password: string, options?: { fresh?: boolean }) {
  const session = await apiSignIn(username, password, options);
  // The account has read what changed before this test (other tests' orders and replies): no summary
  // toast at the first page. notifications.spec.ts makes its own changes and checks the toast.
  await fetch(`${apiURL()}/api/me/notifications/seen`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
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

/** Now, on the bank's clock: Vietnam time, as SePay writes `transactionDate`. */
export const vietnamNow = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The bank feed (SePay, demo key) reporting an incoming transfer with the memo `content`, made `at`
 * (default now) under its own bank reference: account + reference + amount names one transfer.
 */
export async function bankReports(
  content: string,
  amount: number,
  { at = vietnamNow(), reference = `FT${Date.now()}${Math.floor(Math.random() * 1e6)}` } = {},
) {
  const response = await fetch(`${apiURL()}/api/webhooks/sepay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Apikey demo-sepay-key-change-me' },
    body: JSON.stringify({
      id: Math.floor(Math.random() * 2 ** 40),
      gateway: 'MBBank',
      transactionDate: at,
      accountNumber: '0123456789',
      code: null,
      content,
      transferType: 'in',
      transferAmount: amount,
      accumulated: 0,
      subAccount: null,
      referenceCode: reference,
      description: '',
    }),
  });
  expect(response.status).toBe(200);
}

/** A day (2026-11-23) as it is typed in a console day input: 23/11/2026. */
export const typedDay = (day: string) => day.split('-').reverse().join('/');

/** A console date input's text (dd/mm/yyyy HH:mm): Vietnam's wall clock `offsetMs` from now, or at `at`. */
export function vietnamInput(offsetMs: number, at = Date.now()) {
  const [day, time] = new Date(at + offsetMs + 7 * 3_600_000).toISOString().slice(0, 16).split('T') as [string, string];
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year} ${time}`;
}

/** A visitor's browser (signed out, Vietnamese, in Vietnam time) at `viewport`; close its `context` after. */
export async function visitorContext(browser: Browser, viewport: { width: number; height: number } | null) {
  return browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    viewport,
  });
}

/**
 * Fills the console's new-pack form (open at /admin/catalogue/new): a flash-sale pack of 500 Kim cương
 * for 200,000đ, on sale at 99,000đ from `startsAt` to `endsAt` (dd/mm/yyyy HH:mm, Vietnam time).
 */
export async function fillSalePack(page: Page, title: string, startsAt: string, endsAt: string) {
  await page.getByLabel('Tên gói').fill(title);
  await page.getByRole('combobox', { name: 'Nhóm' }).selectOption('flash-sale');
  await page.getByLabel('Giá (đ)').fill('200000');
  await page.getByLabel('Vật phẩm 1', { exact: true }).selectOption({ label: 'Kim cương' });
  await page.getByLabel('Số lượng 1', { exact: true }).fill('500');
  await page.getByLabel('Có khuyến mãi').check();
  await page.getByLabel('Giá khuyến mãi (đ)').fill('99000');
  await page.getByLabel('Bắt đầu khuyến mãi').fill(startsAt);
  await page.getByLabel('Kết thúc khuyến mãi').fill(endsAt);
}

/** Enters the demo account's code should the action ask for step-up first. */
export async function stepUpIfAsked(page: Page, username: string, outcome: Locator) {
  const stepUp = page.getByRole('dialog', { name: 'Xác nhận bằng mã xác thực' });
  await expect(outcome.or(stepUp).first()).toBeVisible({ timeout: 20_000 });
  if (!(await stepUp.isVisible())) return;
  for (const at of [Date.now(), Date.now() + 30_000]) {
    await stepUp.getByLabel('Mã xác thực').fill(demoCode(username, at));
    await stepUp.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(outcome.or(stepUp.getByText('Mã này đã được dùng, vui lòng chờ mã mới.')).first()).toBeVisible();
    if (await outcome.isVisible()) return;
  }
}
