import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiURL, bankReports, expect, test, useSignedIn } from './fixtures';
import { expectNoHorizontalOverflow } from './layout';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

/** A guest's order for player4, paid in full by the bank feed: its receipt goes to player4@example.com. */
async function paidOrder() {
  const created = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shortId: '8803456', productId: 601 }),
  }).then((response) => response.json());
  const detail = await fetch(`${apiURL()}/api/transactions/bank/${created.data.id}`).then((response) =>
    response.json(),
  );
  const order = detail.data as { code: string; totalPrice: number };
  await bankReports(`${order.code} chuyen tien`, order.totalPrice);
  return order;
}

test.describe('staff console: e-mails', () => {
  test("support finds a paid order's receipt, sent to the demo folder, and opens it", async ({ page }, testInfo) => {
    const order = await paidOrder();
    await useSignedIn(page, 'support1', 'staff123');
    await page.goto('/admin/emails?q=PLÀYER4&kind=receipt');
    await expect(page.getByRole('heading', { name: 'Thư điện tử' })).toBeVisible();
    await expect(page.getByText('Chế độ trình diễn: thư được ghi vào thư mục')).toBeVisible();
    const card = page.getByTestId('email').filter({ hasText: `Biên nhận đơn hàng ${order.code}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('player4@example.com')).toBeVisible();
    // The worker writes it to the demo folder: the list shows it sent once read again. The list is read
    // in the browser: each reload waits for the card (the page's read), then looks at its state.
    await expect(async () => {
      await page.reload();
      await expect(card).toBeVisible();
      await expect(card.getByText('Đã gửi')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expectNoHorizontalOverflow(page, 'e-mails');
    await expectAccessible(page, 'e-mails');
    await shot(page, testInfo, 'emails');

    await card.getByRole('button', { name: 'Xem nội dung' }).click();
    const frame = page.frameLocator('iframe[title^="Biên nhận đơn hàng"]');
    await expect(frame.getByText(order.code)).toBeVisible();
    await expect(frame.getByText('Cảm ơn bạn đã mua hàng')).toBeVisible();
    await shot(page, testInfo, 'email-content');
    await page.getByRole('button', { name: 'Bản văn bản' }).click();
    await expect(page.getByText(`Mã đơn hàng: ${order.code}`)).toBeVisible();
  });

  test('the kind and state filters narrow the list, and finance has no such section @desktop-only', async ({
    page,
    browser,
  }) => {
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/emails');
    await page.getByRole('combobox', { name: 'Trạng thái' }).selectOption('dead');
    await expect(page).toHaveURL(/status=dead/);
    await expect(page.getByText('Không có thư nào khớp bộ lọc.')).toBeVisible();

    const context = await browser.newContext();
    const finance = await context.newPage();
    await useSignedIn(finance, 'finance1', 'staff123');
    await finance.goto('/admin');
    await expect(finance.getByRole('navigation', { name: 'Khu vực quản trị' })).toBeVisible();
    await expect(finance.getByRole('link', { name: 'Thư điện tử' })).toHaveCount(0);
    await finance.goto('/admin/emails');
    await expect(finance.getByRole('heading', { name: 'Không có quyền truy cập' })).toBeVisible();
    await context.close();
  });
});
