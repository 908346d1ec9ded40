import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiSignIn, apiURL, expect, test, useSignedIn } from './fixtures';

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

async function apiCall(token: string | null, method: string, path: string, body?: object) {
  const response = await fetch(`${apiURL()}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

/**
 * Records of player2 (Trần Bảo Ngọc) made for this viewport: an order a guest placed for them (unpaid:
 * it counts towards no limit and stays out of their own history), a ticket, and a fresh gift code
 * they claim (its mail goes to their mailbox).
 */
async function freshRecords(testInfo: TestInfo) {
  const stamp = `${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  const player = await apiSignIn('player2', 'player123');
  const admin = await apiSignIn('admin1', 'admin123');
  const order = await apiCall(null, 'POST', '/transactions/bank', { shortId: '8805678', productId: 101 });
  const { code: orderCode } = await apiCall(null, 'GET', `/transactions/bank/${order.id}`);
  const ticket = await apiCall(player.accessToken, 'POST', '/tickets', {
    type: '1',
    incidentTime: 'sáng nay',
    device: 'iPhone 13',
    title: `Hỏi về quà ${stamp}`,
    description: 'Tôi chưa thấy quà trong hộp thư.',
  });
  const giftCode = `PP${stamp}`;
  await apiCall(admin.accessToken, 'POST', '/internal/gift-codes/create-one', {
    code: giftCode,
    name: 'Quà trang người chơi',
    rewards: [{ itemId: 'diamond', quantity: 5 }],
    maxUses: null,
  });
  await apiCall(player.accessToken, 'POST', '/gift-codes/claim', { code: giftCode });
  return { orderId: order.id as string, orderCode: orderCode as string, ticket, giftCode };
}

test.describe('the player page @desktop-only', () => {
  test('support finds a player and reads their orders, tickets, gift codes, mails and sessions', async ({
    page,
  }, testInfo) => {
    const records = await freshRecords(testInfo);
    await useSignedIn(page, 'support1', 'staff123');
    await page.goto('/admin/players');
    await page.getByLabel('User ID, tên tài khoản hoặc tên hiển thị').fill('tran bao ngoc');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await page.getByRole('link', { name: 'Trần Bảo Ngọc', exact: true }).click();

    await expect(page).toHaveURL(/\/admin\/players\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trần Bảo Ngọc' })).toBeVisible();
    await expect(page.getByText('#8805678').first()).toBeVisible();
    await expect(page.getByText('Đăng nhập gần nhất')).toBeVisible();

    const orders = page.getByTestId('player-orders');
    await expect(orders.getByRole('heading', { name: 'Đơn hàng' })).toBeVisible();
    const orderLink = orders.getByRole('link', { name: records.orderCode });
    await expect(orderLink).toBeVisible();
    await expect(orders.getByText('Đặt khi chưa đăng nhập').filter({ visible: true }).first()).toBeVisible();
    await expect(orderLink).toHaveAttribute('href', `/admin/transactions/${records.orderId}`);

    const tickets = page.getByTestId('player-tickets');
    const ticketLink = tickets.getByRole('link', { name: new RegExp(`#${records.ticket.number}`) });
    await expect(ticketLink).toContainText(records.ticket.title);
    await expect(ticketLink).toHaveAttribute('href', `/admin/tickets/${records.ticket.id}`);

    const giftCodes = page.getByTestId('player-gift-codes');
    await expect(giftCodes.getByRole('link', { name: records.giftCode })).toBeVisible();
    await expect(giftCodes.getByText('5 × Kim cương').first()).toBeVisible();
    await expect(page.getByTestId('player-mails').getByText('5 × Kim cương').first()).toBeVisible();
    await expect(page.getByTestId('player-sessions').getByRole('heading')).toHaveText('Phiên đăng nhập đang mở');
    // No raw ids on the page: they live in the links only.
    await expect(page.getByRole('main')).not.toContainText(records.orderId);

    // Nothing overflows sideways, on a phone as on a desktop.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'player-page');
    await expectAccessible(page, 'the player page');

    await orderLink.click();
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${records.orderId}$`));
    const receiver = page.getByRole('link', { name: /Trần Bảo Ngọc/ });
    await expect(receiver).toBeVisible();
    await receiver.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trần Bảo Ngọc' })).toBeVisible();
  });

  test('an unknown or malformed id shows the not-found frame', async ({ page }) => {
    await useSignedIn(page, 'support1', 'staff123');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'khong-phai-id']) {
      await page.goto(`/admin/players/${id}`);
      await expect(page.getByText('Không tìm thấy người chơi này.')).toBeVisible();
      await expect(page.getByRole('link', { name: '← Người chơi' })).toBeVisible();
    }
  });
});
