import { expect, test, useSignedIn } from './fixtures';

test.describe('staff console: access, overview, players, audit', () => {
  test('every console page refuses a guest and a player @desktop-only', async ({ page }) => {
    const pages = [
      '/admin',
      '/admin/transactions',
      '/admin/bank-payments',
      '/admin/reports',
      '/admin/deliveries',
      '/admin/emails',
      '/admin/gift-codes',
      '/admin/gift-codes/new',
      '/admin/tickets',
      '/admin/news',
      '/admin/news/new',
      '/admin/players',
      '/admin/audit',
      '/admin/health',
      '/admin/sessions',
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByText('Đăng nhập bằng tài khoản nhân viên để vào khu vực quản trị.'), path).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Khu vực quản trị' }), path).toHaveCount(0);
    }
    // player1: no other spec changes its role (admin-ops promotes player2 for a while).
    await useSignedIn(page, 'player1', 'player123');
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Không có quyền truy cập' }), path).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Khu vực quản trị' }), path).toHaveCount(0);
    }
    // The player site does not link the console for players (the refusal page has the console's own bar).
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' }).first()).toBeAttached();
    await expect(page.locator('a[href="/admin"]')).toHaveCount(0);
  });

  test('a guest gets the sign-in card and a player is refused @desktop-only', async ({ page }) => {
    await page.goto('/admin/players');
    await expect(page.getByText('Đăng nhập bằng tài khoản nhân viên để vào khu vực quản trị.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Người chơi' })).toHaveCount(0);

    await useSignedIn(page, 'player1', 'player123');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Không có quyền truy cập' })).toBeVisible();
    await expect(page.getByTestId('overview-revenueToday')).toHaveCount(0);
  });

  // One role change per run: both viewports changing the same account at once would race.
  test('an admin sees the overview, changes a role with confirmation, and finds it in the audit log @desktop-only', async ({
    page,
  }) => {
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin');
    await expect(page.getByTestId('overview-revenueToday')).toContainText('đ');
    await expect(page.getByTestId('overview-ticketsOpen')).toHaveAttribute(
      'href',
      '/admin/tickets?status=PROCESSING&sort=waiting',
    );

    await page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('link', { name: 'Người chơi' }).click();
    await page.getByLabel('User ID, tên tài khoản hoặc tên hiển thị').fill('player3');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await expect(page).toHaveURL(/q=player3/);
    const row = page.getByRole('listitem').filter({ hasText: '#8809012' });
    await expect(row).toHaveCount(1);

    // Promote, then restore: each project leaves the account as it found it.
    const target = 'support';
    await row.getByLabel('Vai trò').selectOption(target);
    await row.getByRole('button', { name: 'Đổi vai trò' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(/Đã đổi vai trò của Lê Quốc Huy/)).toBeVisible();
    await row.getByLabel('Vai trò').selectOption('player');
    await row.getByRole('button', { name: 'Đổi vai trò' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText('Đã đổi vai trò của Lê Quốc Huy thành Người chơi.')).toBeVisible();

    await page.goto('/admin/audit?action=user.role.change');
    // A sentence, the role change as a labelled row, the member linked to the players' list.
    const entries = page.getByTestId('audit-entry').filter({ visible: true });
    const promotion = entries
      .filter({
        hasText: 'Quản trị viên đã đổi vai trò của Lê Quốc Huy (#8809012) từ Người chơi thành Hỗ trợ khách hàng.',
      })
      .first();
    await expect(promotion).toBeVisible();
    await expect(promotion).toContainText('Người chơi → Hỗ trợ khách hàng');
    // The member's own page: the players list answers a User ID with exactly that player.
    await expect(promotion.getByRole('link', { name: 'Lê Quốc Huy (#8809012)' })).toHaveAttribute(
      'href',
      /^\/admin\/players\/[0-9a-f-]{36}$/,
    );
    await expect(entries.first()).not.toContainText('user.role.change');
  });
});

test('an admin writes an article with a preview, publishes it, and it shows on /news', async ({ page }, testInfo) => {
  const slug = `bai-viet-thu-${testInfo.project.name}-${Date.now()}`;
  const title = `Thông báo thử nghiệm ${testInfo.project.name}`;
  await useSignedIn(page, 'admin1', 'admin123');
  await page.goto('/admin/news');
  await page.getByRole('link', { name: 'Viết bài mới' }).click();
  // Under load the new route's payload can land after its first render and mount the form again:
  // type only once the navigation has settled.
  await expect(page).toHaveURL(/\/admin\/news\/new$/);
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Tiêu đề').fill(title);
  await page.getByLabel('Đường dẫn').fill('Sai Đường Dẫn');
  await page.getByLabel('Nội dung (Markdown)').fill('## Quà tặng\n\nNhận **100 kim cương** mỗi ngày.');
  // A new article has no cover until one is chosen: an image of the site's.
  await page.getByLabel('Ảnh bìa', { exact: true }).fill('/news/cap-nhat-phien-ban-2-4-vung-dat-may.jpg');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đường dẫn chỉ gồm chữ thường không dấu, số và dấu gạch ngang.')).toBeVisible();
  await page.getByLabel('Đường dẫn').fill(slug);

  if (testInfo.project.name === 'mobile') await page.getByRole('tab', { name: 'Xem trước' }).click();
  const preview = page.getByRole('region', { name: 'Xem trước' });
  await expect(preview.getByRole('heading', { name: 'Quà tặng' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('100 kim cương');
  if (testInfo.project.name === 'mobile') await page.getByRole('tab', { name: 'Soạn' }).click();

  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu bài viết.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/news\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Bản nháp', { exact: true })).toBeVisible();
  expect((await page.request.get(`/news/${slug}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Đăng bài' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Đã đăng bài viết.')).toBeVisible();
  const editorUrl = page.url();

  await expect(async () => {
    await page.goto('/news');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.goto(`/news/${slug}`);
  await expect(page.getByRole('heading', { name: 'Quà tặng' })).toBeVisible();

  await page.goto('/admin/audit?targetType=news');
  const published = page
    .getByTestId('audit-entry')
    .filter({ visible: true })
    .filter({ hasText: `Quản trị viên đã đăng bài viết “${title}”.` })
    .first();
  await expect(published).toBeVisible();
  await expect(published.getByRole('link', { name: `bài viết “${title}”` })).toHaveAttribute(
    'href',
    new URL(editorUrl).pathname,
  );

  // Changing a published article asks first: players read it at once.
  await page.goto(editorUrl);
  await page.getByLabel('Tóm tắt').fill('Quà tặng mỗi ngày trong tuần lễ hội.');
  await page.getByRole('button', { name: 'Lưu' }).click();
  const ask = page.getByRole('dialog', { name: 'Lưu thay đổi của bài đã đăng?' });
  await expect(ask).toContainText(title);
  await ask.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Đã lưu bài viết.')).toBeVisible();

  // Unpublish: the article leaves the site again.
  await page.goto(editorUrl);
  await page.getByRole('button', { name: 'Gỡ bài' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Đã gỡ bài viết.')).toBeVisible();
  await expect.poll(async () => (await page.request.get(`/news/${slug}`)).status(), { timeout: 15_000 }).toBe(404);
});
