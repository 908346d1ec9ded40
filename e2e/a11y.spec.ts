import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiSignIn, apiURL, expect, test, useSignedIn } from './fixtures';
import { expectNoHorizontalOverflow } from './layout';

/*
 * axe-core on every page, public and player at 375 px (mobile project) and 1280 px (desktop project),
 * staff at 1280 px, the width the console is specified at: no serious or critical violation, and an h1 on
 * each. The same visit checks that the page is no wider than the screen (layout.spec.ts adds 320 px).
 */

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Entrance transitions finish before colours are measured.
  await page.waitForTimeout(300);
}

async function check(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    await expectAccessible(page, path);
    await expectNoHorizontalOverflow(page, path);
  }
}

async function firstId(path: string, token: string, method: 'GET' | 'POST' = 'POST') {
  const response = await fetch(`${apiURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify({ page: 1, pageSize: 1 }) : undefined,
  }).then((r) => r.json());
  const items = Array.isArray(response.data) ? response.data : response.data.items;
  return items[0].id as string;
}

test.describe.configure({ timeout: 480_000 });

test('public pages', async ({ page }) => {
  const news = await fetch(`${apiURL()}/api/news?page=1&pageSize=1`).then((r) => r.json());
  const slug = (Array.isArray(news.data) ? news.data[0] : news.data.items[0]).slug;
  await check(page, [
    '/',
    '/news',
    `/news/${slug}`,
    '/gift-code',
    '/community/test',
    '/supports',
    '/supports/my-tickets',
    '/store?tab=tieu-bieu',
    '/store?tab=tat-ca',
    '/privacy',
    '/no-such-page',
  ]);
});

test('player pages, and the purchase dialog open', async ({ page }) => {
  const session = await useSignedIn(page, 'player1', 'player123');
  const ticket = await firstId('/api/tickets/me/find-many', session.accessToken, 'GET');
  await check(page, [
    '/gift-code',
    '/supports',
    '/supports/my-tickets',
    `/supports/my-tickets/${ticket}`,
    '/store/history',
  ]);

  await page.goto('/store?tab=tieu-bieu&productId=101');
  await expect(page.getByTestId('purchase-dialog')).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'the purchase dialog (PREVIEW)');
  await page.getByRole('button', { name: 'Mua ngay' }).click();
  await page.getByRole('button', { name: /Dùng tài khoản đang đăng nhập/ }).click();
  await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
  await expect(page.getByTestId('purchase-dialog')).toHaveAttribute('data-step', 'TRANSFER');
  await settle(page);
  await expectAccessible(page, 'the purchase dialog (TRANSFER)');
});

test('staff pages @desktop-only', async ({ page }) => {
  const admin = await apiSignIn('admin1', 'admin123');
  await useSignedIn(page, 'admin1', 'admin123');
  const [order, giftCode, ticket, article] = await Promise.all([
    firstId('/api/internal/transactions/find-many', admin.accessToken),
    firstId('/api/internal/gift-codes/find-many', admin.accessToken),
    firstId('/api/tickets/find-many', admin.accessToken),
    firstId('/api/internal/news', admin.accessToken, 'GET'),
  ]);
  // A request waiting for approval, so that "Chờ duyệt" shows a row with its buttons.
  const grant = await fetch(`${apiURL()}/api/internal/transactions/create-manual`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ shortId: '8809012', productId: 601, reason: 'Kiểm tra khả năng truy cập' }),
  });
  expect(grant.status).toBe(202);
  await check(page, [
    '/admin',
    '/admin/approvals',
    '/admin/transactions',
    `/admin/transactions/${order}`,
    '/admin/bank-payments',
    '/admin/analytics',
    '/admin/deliveries',
    '/admin/gift-codes',
    '/admin/gift-codes/new',
    '/admin/gift-codes/batch',
    `/admin/gift-codes/${giftCode}`,
    '/admin/tickets',
    `/admin/tickets/${ticket}`,
    '/admin/news',
    '/admin/news/new',
    `/admin/news/${article}`,
    '/admin/players',
    '/admin/audit',
    '/admin/health',
  ]);
});
