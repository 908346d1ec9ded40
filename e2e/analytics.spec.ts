import { vietnamDay } from '@carabala/contracts/labels';
import type { Page, TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './axe';
import { apiSignIn, apiURL, bankReports, expect, test, typedDay, useSignedIn } from './fixtures';
import { expectNoHorizontalOverflow } from './layout';

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

async function apiGet(token: string, path: string) {
  const response = await fetch(`${apiURL()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

/** A guest orders the 129,000đ pack for player1 and the bank reports the transfer: paid now. */
async function paidOrder() {
  const created = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shortId: '8801234', productId: 603 }),
  });
  expect(created.status).toBe(200);
  const { id } = (await created.json()).data;
  const { code } = (await (await fetch(`${apiURL()}/api/transactions/bank/${id}`)).json()).data;
  await bankReports(code, 129_000);
}

const amount = (text: string) => Number(text.replace(/\D/g, ''));
const dayLabel = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test.describe('analytics in the console @desktop-only', () => {
  test('finance sees the last 30 days as charts and tables that match the daily report, and downloads a CSV', async ({
    page,
  }, testInfo) => {
    // Other tests pay orders meanwhile: the agreement is read again until it holds, which may take a while.
    test.setTimeout(120_000);
    const { accessToken } = await apiSignIn('finance1', 'staff123');
    await paidOrder();
    const today = vietnamDay(new Date());
    const from = shiftDay(today, -29);

    await useSignedIn(page, 'finance1', 'staff123');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('link', { name: 'Phân tích' }).click();
    await expect(page.getByRole('heading', { name: 'Phân tích', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: '30 ngày' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('analytics-range')).toContainText(
      `Từ ${dayLabel(from)} đến ${dayLabel(today)} (30 ngày)`,
    );
    // Every chart is drawn (recharts' SVG), each with its table and CSV.
    for (const metric of ['revenue', 'payers', 'orders', 'packs', 'gift-codes', 'tickets']) {
      await expect(page.getByTestId(`analytics-${metric}-chart`).locator('svg.recharts-surface').first()).toBeVisible();
    }
    const revenue = page.getByTestId('analytics-revenue');
    await revenue.getByText('Bảng số liệu').click();
    const todayRow = revenue.getByRole('row').filter({ hasText: dayLabel(today) });

    // Today's revenue is the daily report's "Đã ghi có", to the đồng; other tests pay orders meanwhile,
    // so the page is read again until both reads agree.
    await expect(async () => {
      await page.reload();
      await revenue.getByText('Bảng số liệu').click();
      const shown = amount(await todayRow.getByRole('cell').nth(1).innerText());
      const report = await apiGet(accessToken, `/internal/reports/daily?date=${today}`);
      expect(shown).toBe(report.credited);
      expect(shown).toBeGreaterThanOrEqual(129_000);
      // The headline figure is the table's whole-range row, and the API's.
      const total = amount(await revenue.locator('tfoot td').nth(1).innerText());
      expect(amount(await page.getByTestId('analytics-card-revenue').getByTestId('value').innerText())).toBe(total);
      expect((await apiGet(accessToken, `/internal/analytics?from=${from}&to=${today}`)).revenue.total.current).toBe(
        total,
      );
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('analytics-card-revenue').getByTestId('change')).toContainText(
      /(so với 30 ngày trước|30 ngày trước chưa có số liệu)$/,
    );
    await expect(page.getByTestId('analytics-packs-table').getByText('330 Kim Cương')).toBeAttached();
    await expectNoHorizontalOverflow(page, 'the analytics page');
    await expectAccessible(page, 'the analytics page');
    await screenshot(page, testInfo, 'analytics');
    // Closer looks: the headline figures and three charts as a person sees them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`analytics-top-${testInfo.project.name}.png`) });
    for (const metric of ['revenue', 'orders', 'packs']) {
      await page.getByTestId(`analytics-${metric}`).screenshot({
        path: testInfo.outputPath(`analytics-${metric}-${testInfo.project.name}.png`),
      });
    }

    const download = page.waitForEvent('download');
    await revenue.getByRole('button', { name: /Tải CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`doanh-thu-${from}-${today}.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFNgày (giờ VN),Doanh thu (đ)\r\n')).toBe(true);
    const inFile = csv.split('\r\n').find((line) => line.startsWith(`${today},`))!;
    expect(Number(inFile.split(',')[1])).toBeGreaterThanOrEqual(129_000);
    await expect(page.getByText(`Đã tải doanh-thu-${from}-${today}.csv`)).toBeVisible();

    // Another range: the last 7 days, then a custom range the API would refuse, then one it takes.
    await page.getByRole('button', { name: '7 ngày' }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByTestId('analytics-range')).toContainText(
      `Từ ${dayLabel(shiftDay(today, -6))} đến ${dayLabel(today)} (7 ngày)`,
    );
    await page.getByRole('button', { name: 'Tùy chọn' }).click();
    await page.getByLabel('Từ ngày').fill(typedDay(today));
    await page.getByLabel('Đến ngày').fill(typedDay(shiftDay(today, -1)));
    await page.getByRole('button', { name: 'Xem' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Ngày kết thúc phải từ ngày bắt đầu trở đi.' }),
    ).toBeVisible();
    await page.getByLabel('Từ ngày').fill(typedDay(shiftDay(today, -1)));
    await page.getByLabel('Đến ngày').fill(typedDay(today));
    await page.getByRole('button', { name: 'Xem' }).click();
    await expect(page.getByTestId('analytics-range')).toContainText(
      `(2 ngày), so với ${dayLabel(shiftDay(today, -3))}`,
    );
    await expect(page.getByTestId('analytics-card-revenue').getByTestId('value')).toHaveText(/^[\d,]+đ$/);
    await screenshot(page, testInfo, 'analytics-custom');
  });

  test('support does not see analytics: no link, and the page says so without calling the API', async ({
    page,
  }, testInfo) => {
    await useSignedIn(page, 'support1', 'staff123');
    const refused: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/internal/analytics')) refused.push(request.url());
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Tổng quan' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('link', { name: 'Phân tích' }),
    ).toHaveCount(0);
    await page.goto('/admin/analytics');
    await expect(page.getByText('Vai trò của bạn không được dùng trang này.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Phân tích' })).toHaveCount(0);
    expect(refused).toEqual([]);
    await screenshot(page, testInfo, 'analytics-support');
  });
});
