import type { Browser, Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, bankReports, expect, isMobile, test } from './fixtures';

const json = { 'content-type': 'application/json' };

/**
 * A paid order (over-paid by `surplus`) and an answered ticket for the player, made through the API
 * after their notifications were marked seen (the account's clock, kept by the server).
 */
async function somethingChanged(shortId: string, token: string, surplus = 0) {
  const seen = await fetch(`${apiURL()}/api/me/notifications/seen`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(seen.status).toBe(200);
  const order = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ shortId, productId: 102 }),
  }).then((r) => r.json());
  const detail = await fetch(`${apiURL()}/api/transactions/bank/${order.data.id}`).then((r) => r.json());
  await bankReports(`${detail.data.code} chuyen tien`, detail.data.totalPrice + surplus, {
    at: '2026-11-21 10:00:00',
  });

  const ticket = await fetch(`${apiURL()}/api/tickets`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      type: '1',
      incidentTime: 'sáng nay',
      device: 'Android',
      title: `Hỏi về sự kiện ${Date.now()}`,
      description: 'Mô tả',
      status: 'PROCESSING',
    }),
  }).then((r) => r.json());
  const admin = await apiSignIn('admin1', 'admin123');
  const reply = await fetch(`${apiURL()}/api/tickets/${ticket.data.id}`, {
    method: 'PATCH',
    headers: { ...json, authorization: `Bearer ${admin.accessToken}` },
    body: JSON.stringify({ reply: 'Chào bạn, đã xử lý.', status: 'PROCESSED' }),
  });
  expect(reply.status).toBe(200);
  return { orderId: order.data.id as string, ticketId: ticket.data.id as string };
}

// Each project its own player, whom no other test signs in: nothing else reads or adds to their changes.
const playerOf = (testInfo: TestInfo) =>
  isMobile(testInfo) ? (['player7', '8802468'] as const) : (['player6', '8806543'] as const);

/** A browser context signed in with the session, as a new tab of the same player would be. */
async function signedInPage(page: Page, session: Awaited<ReturnType<typeof apiSignIn>>) {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('user_detail', user);
    },
    [session.accessToken, JSON.stringify(session.user)] as const,
  );
  return page;
}

async function newTab(browser: Browser, testInfo: TestInfo, session: Awaited<ReturnType<typeof apiSignIn>>) {
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL ?? process.env.E2E_BASE_URL,
  });
  return { context, page: await signedInPage(await context.newPage(), session) };
}

const toast = (page: Page) => page.getByTestId('notifications-toast');
const SUMMARY = '2 thay đổi từ lần trước: 1 đơn đã giao, 1 yêu cầu đã được trả lời';

test('a returning player gets one toast of what changed, at the bottom, opening the list; seen once per account', async ({
  page,
  browser,
}, testInfo) => {
  const [username, shortId] = playerOf(testInfo);
  const session = await apiSignIn(username, 'player123');
  await signedInPage(page, session);
  const { orderId, ticketId } = await somethingChanged(shortId, session.accessToken, 5_000);

  await page.goto('/news');
  // Generous: a loaded machine may take a while to hydrate the page that asks.
  await expect(toast(page)).toBeVisible({ timeout: 30_000 });
  // Held in view while the test looks at it and opens a second tab, as a reader's focus holds it: on a
  // loaded machine that took longer than the toast's 8 s.
  await toast(page)
    .getByRole('button', { name: /thay đổi từ lần trước/ })
    .focus();
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText(SUMMARY);
  // One toast, not one per change: no notification sentence is on screen before the list opens.
  await expect(page.getByRole('link', { name: /đã thanh toán/ })).toHaveCount(0);
  // At the bottom, below the header and clear of the page title.
  const viewport = page.viewportSize()!;
  const box = (await toast(page).boundingBox())!;
  const header = (await page.locator('header').boundingBox())!;
  expect(box.y).toBeGreaterThan(header.y + header.height);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  const title = await page.locator('main h1').first().boundingBox();
  if (title) expect(box.y).toBeGreaterThanOrEqual(title.y + title.height);
  await page.screenshot({ path: `/tmp/notices-toast-${testInfo.project.name}.png` });

  // Shown: the account's clock moved, so a new tab of the same player shows nothing.
  const second = await newTab(browser, testInfo, session);
  await second.page.goto('/news');
  await expect(second.page.locator('main')).toBeVisible();
  await second.page.waitForTimeout(2_000);
  await expect(toast(second.page)).toHaveCount(0);
  await expect(second.page.getByTestId('unread-dot')).toHaveCount(0);
  await second.context.close();

  // The toast opens the list (the mobile menu on phones, the user menu on wide screens).
  await expect(page.locator('[data-testid=unread-dot]:visible')).toHaveCount(1);
  await toast(page)
    .getByRole('button', { name: /thay đổi từ lần trước/ })
    .click();
  await expect(toast(page)).toHaveCount(0);
  const list = page.getByTestId('notifications');
  await expect(list.getByRole('link')).toHaveCount(2);
  const paid = list.getByRole('link', { name: /đã thanh toán, gói đã được gửi vào hộp thư/ });
  await expect(paid).toContainText('Bạn đã chuyển dư 5,000đ: nhân viên sẽ hoàn lại, bạn không cần làm gì thêm.');
  expect(await paid.getAttribute('href')).toBe(`/store?tab=tieu-bieu&productId=102&transactionId=${orderId}`);
  const answered = list.getByRole('link', { name: /Yêu cầu hỗ trợ “Hỏi về sự kiện \d+” đã được trả lời/ });
  expect(await answered.getAttribute('href')).toBe(`/supports/my-tickets/${ticketId}`);
  await page.screenshot({ path: `/tmp/notices-list-${testInfo.project.name}.png` });
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Đóng menu' }).click();
  else await page.keyboard.press('Escape');
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);

  // Read: the next visit says nothing again.
  await page.reload();
  await expect(page.locator('main')).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(toast(page)).toHaveCount(0);
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);

  // The inbox keeps them, now read, from the user menu on both widths.
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Thông báo', exact: true }).click();
  } else {
    await page.getByTestId('user-display-name').click();
    await page.getByRole('menuitem', { name: 'Thông báo', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/notifications$/);
  const inbox = page.getByTestId('notification-inbox');
  await expect(inbox.getByRole('link', { name: /đã thanh toán, gói đã được gửi vào hộp thư/ })).toHaveAttribute(
    'href',
    `/store?tab=tieu-bieu&productId=102&transactionId=${orderId}`,
  );
  await expect(inbox.getByRole('link', { name: /đã được trả lời/ })).toHaveAttribute(
    'href',
    `/supports/my-tickets/${ticketId}`,
  );
  await expect(inbox.getByText(/Đã vào hộp thư trong game lúc|Đang gửi vào hộp thư trong game/)).toHaveCount(1);
  await expect(inbox.locator('[data-unread=true]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('inbox.png'), fullPage: true });
});

test('the toast waits while a dialog is open, and comes once it closes', async ({ page }, testInfo) => {
  const [username, shortId] = playerOf(testInfo);
  const session = await apiSignIn(username, 'player123');
  await signedInPage(page, session);
  await somethingChanged(shortId, session.accessToken);

  // The purchase dialog opens with the page (its pack in the URL), before the notifications arrive.
  await page.goto('/store?tab=tieu-bieu&productId=101');
  const dialog = page.getByTestId('purchase-dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(3_000);
  await expect(toast(page)).toHaveCount(0);
  await page.screenshot({ path: `/tmp/notices-dialog-${testInfo.project.name}.png` });

  await page.getByRole('dialog').getByRole('button', { name: 'Đóng', exact: true }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page)).toBeVisible();
  await expect(toast(page)).toContainText(SUMMARY);
  await page.screenshot({ path: `/tmp/notices-after-dialog-${testInfo.project.name}.png` });
  // It steps aside again when a dialog opens while it shows (on phones, the menu is one).
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
  }
});
