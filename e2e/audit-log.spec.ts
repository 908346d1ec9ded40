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

/** content1's calls to the console API (a fresh, stepped-up session), each expected to succeed. */
async function asContent() {
  const session = await apiSignIn('content1', 'staff123', { fresh: true });
  return async (method: 'POST' | 'PUT', path: string, body: object) => {
    const answer = await fetch(`${apiURL()}/api/internal${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify(body),
    }).then((response) => response.json());
    expect(answer.code, JSON.stringify(answer)).toBe('api.success');
    return answer.data as { id: number | string };
  };
}

test('the audit log names every area, field and value in Vietnamese, never a key or an enum @desktop-only', async ({
  page,
}, testInfo) => {
  const call = await asContent();
  const tag = Date.now().toString(36);
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  // A banner with its phone picture, then moved: "Section: banner", "Mobile image:" in the issue.
  const slide = { section: 'banner', title: `Băng rôn ${tag}`, image: '/art/a.webp', mobileImage: '/art/b.webp' };
  const slideId = (await call('POST', '/home/slides', slide)).id;
  await call('PUT', `/home/slides/${slideId}`, { ...slide, section: 'feature', mobileImage: null });
  // A pack limited once a day, then twice: "Giới hạn mua: Loại yêu cầu: Mỗi ngày; Số mã: 1".
  const pack = {
    title: `Gói ${tag}`,
    tab: 'tien-te',
    price: 20_000,
    items: [{ itemId: 'diamond', quantity: 10 }],
    limit: { kind: 'daily', count: 1 },
  };
  const packId = (await call('POST', '/catalogue/packs', pack)).id;
  await call('PUT', `/catalogue/packs/${packId}`, { ...pack, limit: { kind: 'weekly', count: 2 } });
  // A promotion whose kind changes: "Loại yêu cầu: … → bonus_window".
  const promotion = {
    kind: 'first_topup',
    title: `Khuyến mãi ${tag}`,
    startsAt: at(86_400_000),
    endsAt: at(2 * 86_400_000),
    packIds: [packId],
    double: true,
    items: [],
  };
  const promotionId = (await call('POST', '/promotions', promotion)).id;
  await call('PUT', `/promotions/${promotionId}`, { ...promotion, kind: 'bonus_window', double: false, percent: 20 });

  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('MISSING_MESSAGE')) missing.push(message.text());
  });
  await useSignedIn(page, 'admin1', 'admin123');
  await page.goto('/admin/audit');
  await expect(
    entries(page)
      .filter({ hasText: `Khuyến mãi ${tag}` })
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    entries(page)
      .filter({ hasText: `Băng rôn ${tag}` })
      .first(),
  ).toBeVisible();
  await expect(
    entries(page)
      .filter({ hasText: `Gói ${tag}` })
      .first(),
  ).toBeVisible();

  // The action filter's groups are areas in words ("Khuyến mãi"), not "admin.audit.areas.promotion".
  const areas = await page
    .getByLabel('Thao tác')
    .locator('optgroup')
    .evaluateAll((groups) => groups.map((group) => group.getAttribute('label') ?? ''));
  expect(areas).toContain('Khuyến mãi');
  const shown = [...areas, ...(await entries(page).allInnerTexts())].join('\n');
  // No message key, field name (mobileImage, bonus_window) or English fallback ("Section", "Mobile image").
  for (const raw of [/admin\./, /MISSING/, /\b[a-z]+_[a-z_]+\b/, /\b[a-z]+[A-Z]\w*\b/, /Section|Mobile image|Limit/]) {
    expect(shown).not.toMatch(raw);
  }
  const promotionEntry = entries(page)
    .filter({ hasText: `Khuyến mãi ${tag}` })
    .first();
  await expect(promotionEntry).toContainText('Loại khuyến mãi:Tặng nạp lần đầu → Tặng thêm theo khung giờ');
  const packEntry = entries(page)
    .filter({ hasText: `Gói ${tag}` })
    .first();
  await expect(packEntry).toContainText(
    'Giới hạn mua:Chu kỳ: Mỗi ngày; Số lần mua: 1 → Chu kỳ: Mỗi tuần; Số lần mua: 2',
  );
  await expect(
    entries(page)
      .filter({ hasText: `Băng rôn ${tag}` })
      .first(),
  ).toContainText('Khu vực:Băng rôn đầu trang → Tính năng');
  expect(missing).toEqual([]);
  await shot(page, testInfo, 'audit-log-areas');
});

test.describe('in an en-US browser in New York', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('console dates read and are typed dd/mm/yyyy HH:mm in Vietnam time @desktop-only', async ({ page }) => {
    const note = `Ngày giờ ${Date.now().toString(36)}`;
    const before = Date.now();
    await orderMarkedPaid(note);
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/audit');
    const entry = entries(page).filter({ hasText: note });
    await expect(entry).toHaveCount(1, { timeout: 20_000 });
    const time = (await entry.locator('td').first().innerText()).trim();
    expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // Vietnam's wall clock (UTC+7), not New York's, within the minute the order was marked.
    const [day, clock] = time.split(' ') as [string, string];
    const [dd, mm, yyyy] = day.split('/');
    const shownAt = Date.parse(`${yyyy}-${mm}-${dd}T${clock}:00+07:00`);
    expect(shownAt).toBeGreaterThan(before - 120_000);
    expect(shownAt).toBeLessThanOrEqual(Date.now());

    // The day filter is typed dd/mm/yyyy too.
    await page.getByLabel('Từ ngày').fill(day);
    await expect(page).toHaveURL(new RegExp(`from=${yyyy}-${mm}-${dd}`));
    await expect(entry).toHaveCount(1);

    // The preview's moment is typed in the same order, whatever the browser's locale.
    await page.goto('/admin/preview');
    const input = page.getByLabel('Thời điểm (giờ Việt Nam)');
    await expect(input).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await input.fill('31/12/2026 20:00');
    await expect(page).toHaveURL(/at=31%2F12%2F2026(\+|%20)20%3A00/);
    await expect(page.getByText('Thời điểm xem trước không hợp lệ')).toHaveCount(0);
  });
});
