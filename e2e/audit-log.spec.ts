import type { Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, expect, test, useSignedIn } from './fixtures';

/** A guest's order, marked paid by admin1 through the API, as the console's button does. */
async function orderMarkedPaid(note: string) {
  const created = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shortId: '8801234', productId: 601 }),
  }).then((r) => r.json());
  expect(created.code).toBe('api.success');
  const { id } = created.data as { id: string };
  const admin = await apiSignIn('admin1', 'admin123');
  const marked = await fetch(`${apiURL()}/api/internal/transactions/${id}/mark`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
    body: JSON.stringify({ note }),
  }).then((r) => r.json());
  expect(marked.code).toBe('api.success');
  return { id, code: marked.data.code as string };
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

/** The entries shown: table rows from 768 px, cards below. */
const entries = (page: Page) => page.getByTestId('audit-entry').filter({ visible: true });

test('the audit log tells an action as a sentence, links its object and filters by choices @desktop-only', async ({
  page,
}, testInfo) => {
  const note = `Khách gửi sao kê ${testInfo.project.name} ${Date.now().toString(36)}`;
  const order = await orderMarkedPaid(note);
  await useSignedIn(page, 'admin1', 'admin123');
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Nhật ký thao tác' })).toBeVisible();
  await expect(entries(page).first()).toBeVisible({ timeout: 20_000 });

  // Filters are choices: the action by its Vietnamese name, the staff member by name and User ID.
  await page.getByLabel('Thao tác').selectOption({ label: 'Đánh dấu đã thanh toán' });
  await expect(page).toHaveURL(/action=transaction\.mark_paid/);
  await page.getByLabel('Người thực hiện').selectOption({ label: 'Quản trị viên (#8800001)' });
  await expect(page).toHaveURL(/actorShortId=8800001/);

  const entry = entries(page).filter({ hasText: note });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Quản trị viên đã đánh dấu đã thanh toán giao dịch ${order.code}.`);
  await expect(entry).toContainText('Ghi chú:');
  await expect(entry).toContainText('Trạng thái:Thành công');
  // Never the action key, JSON or an id.
  for (const raw of ['transaction.mark_paid', order.id, '{"', '"note"']) await expect(entry).not.toContainText(raw);
  await shot(page, testInfo, 'audit-log');

  // No sideways scrolling, on a phone too.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Another member's actions do not include it.
  await page.getByLabel('Người thực hiện').selectOption({ label: 'Bùi Khánh Linh (#8800005)' });
  await expect(page).toHaveURL(/actorShortId=8800005/);
  await expect(page.getByText('Chưa có thao tác nào.')).toBeVisible();

  // Back to admin1: the order's link leads to its page.
  await page.getByLabel('Người thực hiện').selectOption({ label: 'Quản trị viên (#8800001)' });
  const link = entries(page)
    .filter({ hasText: note })
    .getByRole('link', { name: `giao dịch ${order.code}` });
  await expect(link).toHaveAttribute('href', `/admin/transactions/${order.id}`);
  await link.click();
  await expect(page.getByRole('heading', { name: `Giao dịch ${order.code}` })).toBeVisible();
});
