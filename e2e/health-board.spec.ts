import type { Page, TestInfo } from '@playwright/test';
import { apiURL, bankReports, expect, test, useSignedIn } from './fixtures';

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

/** SePay webhook calls with a wrong key: each is refused (401) and counted for the alert. */
async function refusedWebhooks(count: number) {
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${apiURL()}/api/webhooks/sepay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Apikey not-the-key' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  }
}

// scripts/e2e.mjs evaluates the rules every 2 s; the board reads itself again every 15 s.
test('staff see every alert with its state, the parts of the site and the history; the board refreshes by itself @desktop-only', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await useSignedIn(page, 'support1', 'staff123');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Khu vực quản trị' })
    .getByRole('link', { name: 'Sức khỏe hệ thống' })
    .click();
  await expect(page).toHaveURL(/\/admin\/health$/);
  await expect(page.getByRole('heading', { name: 'Sức khỏe hệ thống' })).toBeVisible();
  await expect(page.locator('[data-testid^="health-rule-"]')).toHaveCount(7);
  await expect(page.getByTestId('health-rule-money_waiting')).toContainText('Tiền chờ duyệt quá lâu');
  await expect(
    page.getByTestId('health-rule-money_waiting').getByRole('link', { name: 'Xem chi tiết' }),
  ).toHaveAttribute('href', '/admin/bank-payments');
  await expect(page.getByTestId('health-database')).toContainText(/Trả lời trong [\d,]+ ms\./);
  await expect(page.getByTestId('health-pull')).toContainText('Chưa bật.');
  await expect(page.getByText('Chưa cấu hình kênh chat nào: cảnh báo chỉ hiện ở trang này.')).toBeVisible();
  // The worker (in the API process here) beats every 2 s.
  await expect(page.getByTestId('health-worker')).toContainText(/Báo còn chạy \d+ giây trước/);

  // More wrong keys than ALERT_WEBHOOK_REFUSED_COUNT (10) in 5 minutes: the alert starts, and the open
  // board shows it without a reload (another project's run may have started it already).
  const checkedAt = await page.getByTestId('health-checked-at').innerText();
  await refusedWebhooks(11);
  const refused = page.getByTestId('health-rule-webhook_refused');
  await expect(refused).toHaveAttribute('data-state', 'firing', { timeout: 45_000 });
  await expect(refused).toContainText('Đang cảnh báo');
  await expect(refused).toContainText(/\d+ lần gọi webhook ngân hàng sai khóa trong 5 phút qua\./);
  await expect(refused).toContainText(/Đang cảnh báo từ \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  const started = page.getByTestId('health-event').filter({ hasText: 'Webhook ngân hàng bị từ chối' }).first();
  await expect(started).toContainText('Bắt đầu');
  // Read again by itself within its 15 s (the alert may have been on before this run).
  await expect(page.getByTestId('health-checked-at')).not.toHaveText(checkedAt, { timeout: 20_000 });

  // A transfer arrives: the bank-feed card shows it at a refresh, seconds old.
  const feed = page.getByTestId('health-bank-feed');
  const before = await feed.innerText();
  await bankReports('chuyen tien kiem tra bang suc khoe', 10_000);
  await expect
    .poll(
      async () => {
        const text = await feed.innerText();
        const seconds = /(\d+) giây trước/.exec(text)?.[1];
        return text !== before && seconds !== undefined && Number(seconds) <= 20;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await screenshot(page, testInfo, 'health-board');
});

test('the board is for the staff whose role reads it: content staff neither see the link nor open it @desktop-only', async ({
  page,
}) => {
  await useSignedIn(page, 'content1', 'staff123');
  await page.goto('/admin/news');
  await expect(page.getByRole('navigation', { name: 'Khu vực quản trị' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sức khỏe hệ thống' })).toHaveCount(0);
  await page.goto('/admin/health');
  await expect(page.getByText('Vai trò của bạn không được dùng trang này.')).toBeVisible();
  await expect(page.locator('[data-testid^="health-rule-"]')).toHaveCount(0);
});
