import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, expect, isMobile, stepUpIfAsked, test, useSignedIn } from './fixtures';

const admin = { username: 'admin1', password: 'admin123' };

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

async function apiCall(token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${apiURL()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** A fresh ticket of player1, so the two viewports never answer the same one. */
async function freshTicket(testInfo: TestInfo, label: string) {
  const player = await apiSignIn('player1', 'player123');
  const title = `${label} ${testInfo.project.name} ${Date.now().toString(36)}`;
  const created = await apiCall(player.accessToken, 'POST', '/tickets', {
    type: '2_2',
    incidentTime: '21h ngày 02/11/2025',
    device: 'Xiaomi Redmi Note 12',
    title,
    description: 'Nhân vật đứng yên sau khi vào bản đồ mới.',
  });
  expect(created.status).toBe(200);
  return { id: created.body.data.id as string, number: created.body.data.number as number, title, player };
}

/** Switches the browser's session to another account, as signing in again would. */
async function switchAccount(page: Page, username: string, password: string) {
  const session = await apiSignIn(username, password);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('user_detail', user);
    },
    [session.accessToken, JSON.stringify(session.user)] as const,
  );
}

/** What the audit log says of each action checked here (its sentence, never the action key or an id). */
const auditWords: Record<string, string> = {
  'ticket.reply': 'đã trả lời yêu cầu hỗ trợ #',
  'ticket.status': 'đã chuyển yêu cầu hỗ trợ #',
  'ticket.delete': 'đã xoá yêu cầu hỗ trợ #',
  'gift_code.create': 'đã tạo mã quà tặng',
  'gift_code.update': 'đã sửa mã quà tặng',
  'gift_code.batch_generate': 'mã quà tặng trong lô mã',
  'gift_code.batch_export': 'đã xuất CSV',
};

async function expectAudited(page: Page, targetId: string, actions: string[]) {
  await page.goto(`/admin/audit?targetId=${targetId}`);
  const entries = page.getByTestId('audit-entry').filter({ visible: true });
  for (const action of actions) await expect(entries.filter({ hasText: auditWords[action]! }).first()).toBeVisible();
  await expect(entries.first()).not.toContainText(targetId);
}

/** Confirms the open confirmation (dialog on a laptop, drawer on a phone). */
const confirm = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();

test.describe('staff console: access', () => {
  test('a guest gets the sign-in card and a player the refusal on /admin/gift-codes and /admin/tickets @desktop-only', async ({
    page,
  }, testInfo) => {
    await page.goto('/admin/gift-codes');
    await expect(page.getByText('Đăng nhập bằng tài khoản nhân viên để vào khu vực quản trị.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Giftcode' })).toHaveCount(0);

    await useSignedIn(page, 'player1', 'player123');
    for (const path of ['/admin/gift-codes', '/admin/tickets']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Không có quyền truy cập' })).toBeVisible();
      await expect(page.getByText('Khu vực quản trị chỉ dành cho nhân viên vận hành.')).toBeVisible();
    }
    await screenshot(page, testInfo, 'admin-ops-player-refused');

    const player = await apiSignIn('player1', 'player123');
    expect((await apiCall(player.accessToken, 'POST', '/internal/gift-codes/find-many', {})).status).toBe(403);
    expect((await apiCall(player.accessToken, 'POST', '/tickets/find-many', {})).status).toBe(403);
  });

  test('a support member reads gift codes but cannot create them @desktop-only', async ({ page }, testInfo) => {
    const staff = await useSignedIn(page, 'support1', 'staff123');
    expect(staff.user.role).toBe('support');
    await page.goto('/admin/gift-codes');
    await expect(page.getByRole('heading', { name: 'Giftcode', exact: true })).toBeVisible();
    await expect(page.getByText('Chỉ quản trị viên được tạo và sửa giftcode.')).toBeVisible();
    await expect(page.getByTestId('gift-code-rows').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tạo mã', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Tạo lô mã' })).toHaveCount(0);
    await page.goto('/admin/gift-codes/new');
    await expect(page.getByText('Chỉ quản trị viên được tạo và sửa giftcode.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tạo mã' })).toHaveCount(0);
    await screenshot(page, testInfo, 'admin-ops-staff-gift-codes');

    const refused = await apiCall(staff.accessToken, 'POST', '/internal/gift-codes/create-one', {
      code: 'STAFFKHONGDUOC',
      name: 'x',
      rewards: [{ itemId: 'diamond', quantity: 1 }],
      maxUses: 1,
    });
    expect(refused.status).toBe(403);
    expect((await apiCall(staff.accessToken, 'POST', '/tickets/find-many', {})).status).toBe(200);
  });
});

test.describe('staff console: tickets', () => {
  test('admin answers a ticket from the inbox and the player sees the answer @desktop-only', async ({
    page,
  }, testInfo) => {
    const ticket = await freshTicket(testInfo, 'Kẹt bản đồ');
    await useSignedIn(page, admin.username, admin.password);
    await page.goto('/admin/tickets');
    await expect(page.getByRole('heading', { name: 'Yêu cầu hỗ trợ' })).toBeVisible();
    await expect(page.getByLabel('Sắp xếp')).toHaveValue('waiting');
    const rows = page.getByTestId('ticket-rows').getByRole('link');
    // Waiting tickets come first: the first row is never an answered one while any waits.
    await expect(rows.first().getByTestId('ticket-status')).toHaveText('Đang xử lý');
    await screenshot(page, testInfo, 'admin-ops-tickets-inbox');

    await page.getByLabel('Sắp xếp').selectOption('newest');
    await expect(page).toHaveURL(/sort=newest/);
    await page.getByLabel('Tiêu đề hoặc số yêu cầu').fill(ticket.title);
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(rows).toHaveCount(1);
    await rows.first().click();

    await expect(page.getByTestId('admin-ticket-title')).toHaveText(ticket.title);
    await expect(page.getByTestId('ticket-player')).toContainText('Nguyễn Minh Anh');
    await expect(page.getByTestId('ticket-player')).toContainText('#8801234');
    await expect(page.getByText('Xiaomi Redmi Note 12')).toBeVisible();
    await expect(page.getByText('Chưa có phản hồi nào.')).toBeVisible();

    await page.getByRole('button', { name: 'Gửi trả lời' }).click();
    await expect(page.getByText('Vui lòng nhập nội dung trả lời.')).toBeVisible();
    const answer = `Chúng tôi đã sửa lỗi bản đồ (${testInfo.project.name}).`;
    await page.getByLabel('Trả lời', { exact: true }).fill(answer);
    await page.getByRole('button', { name: 'Gửi trả lời' }).click();
    // What the player will read is shown once more; nothing is sent before the confirmation.
    const confirm = page.getByRole('dialog', { name: 'Gửi trả lời cho người chơi?' });
    await expect(confirm).toContainText(answer);
    await expect(page.getByText('Chưa có phản hồi nào.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText('Đã gửi trả lời; yêu cầu chuyển sang “Đã trả lời”.')).toBeVisible();
    await expect(page.getByTestId('admin-ticket-replies')).toContainText(answer);
    await expect(page.getByTestId('admin-ticket-replies')).toContainText('Quản trị viên');
    await expect(page.locator('dl').getByTestId('ticket-status')).toHaveText('Đã trả lời');
    await screenshot(page, testInfo, 'admin-ops-ticket-replied');

    await expectAudited(page, ticket.id, ['ticket.reply']);

    await switchAccount(page, 'player1', 'player123');
    await page.goto(`/supports/my-tickets/${ticket.id}`);
    await expect(page.getByTestId('ticket-detail-title')).toHaveText(ticket.title);
    await expect(page.getByTestId('ticket-replies')).toContainText(answer);
    await expect(page.getByTestId('ticket-status').first()).toHaveText('Đã trả lời');
    await screenshot(page, testInfo, 'admin-ops-ticket-player-side');
  });

  test('admin reopens and then deletes a ticket after confirming @desktop-only', async ({ page }, testInfo) => {
    const ticket = await freshTicket(testInfo, 'Xoá thử');
    await useSignedIn(page, admin.username, admin.password);
    await page.goto(`/admin/tickets/${ticket.id}`);
    await expect(page.getByTestId('admin-ticket-title')).toHaveText(ticket.title);

    await page.getByLabel('Đổi trạng thái').selectOption('PROCESSED');
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await expect(page.getByText('Đã chuyển yêu cầu sang “Đã trả lời”.')).toBeVisible();
    await expect(page.locator('dl').getByTestId('ticket-status')).toHaveText('Đã trả lời');

    await page.getByRole('button', { name: 'Xoá yêu cầu' }).click();
    await expect(page.getByRole('dialog')).toContainText(`#${ticket.number}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Huỷ' }).click();
    await expect(page.getByTestId('admin-ticket-title')).toBeVisible();
    await page.getByRole('button', { name: 'Xoá yêu cầu' }).click();
    await confirm(page);
    await expect(page.getByText(`Đã xoá yêu cầu #${ticket.number}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/tickets$/);

    const gone = await apiCall(ticket.player.accessToken, 'GET', `/tickets/me/${ticket.id}`);
    expect(gone.body.code).toBe('api.error');
    await expectAudited(page, ticket.id, ['ticket.status', 'ticket.delete']);
  });
});

test.describe('staff console: gift codes', () => {
  test('admin creates a code and a batch, downloads the CSV; a player redeems both; all audited @desktop-only', async ({
    page,
  }, testInfo) => {
    const playerAccount = isMobile(testInfo) ? 'player1' : 'player2';
    const playerShortId = isMobile(testInfo) ? '8801234' : '8805678';
    const stamp = Date.now().toString(36).toUpperCase();
    const code = `OPS${testInfo.project.name.toUpperCase()}${stamp}`;
    const prefix = `B${testInfo.project.name[0]!.toUpperCase()}${stamp.slice(-6)}`;

    await useSignedIn(page, admin.username, admin.password);
    await page.goto('/admin/gift-codes');
    await expect(page.getByRole('heading', { name: 'Giftcode', exact: true })).toBeVisible();
    await expect(page.getByTestId('gift-code-rows').getByRole('link').first()).toBeVisible();
    await screenshot(page, testInfo, 'admin-ops-gift-codes');
    await page.getByRole('link', { name: 'Tạo mã', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tạo giftcode' })).toBeVisible();

    await page.getByRole('button', { name: 'Tạo mã' }).click();
    await expect(page.getByText('Vui lòng nhập tên.')).toBeVisible();
    await expect(page.getByText('Vui lòng chọn vật phẩm.')).toBeVisible();

    await page.getByLabel('Mã', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Tên (để nhận biết)').fill('Quà vận hành E2E');
    await page.getByLabel('Vật phẩm 1', { exact: true }).selectOption({ label: 'Kim cương' });
    await page.getByLabel('Số lượng 1').fill('1000');
    await page.getByRole('button', { name: 'Thêm vật phẩm' }).click();
    await page.getByLabel('Vật phẩm 2', { exact: true }).selectOption({ label: 'Vàng' });
    await page.getByLabel('Số lượng 2').fill('5000');
    await page.getByLabel('Tổng số lượt dùng').fill('10');
    await screenshot(page, testInfo, 'admin-ops-gift-code-new');
    await page.getByRole('button', { name: 'Tạo mã' }).click();
    // A code is what players redeem: it is described once more, and created only on confirmation.
    const ask = page.getByRole('dialog', { name: 'Tạo mã quà tặng?' });
    await expect(ask).toContainText(`${code} (Quà vận hành E2E)`);
    await expect(ask).toContainText('1,000 × Kim cương, 5,000 × Vàng');
    await ask.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(`Đã tạo giftcode ${code}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Giftcode ${code}` })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/gift-codes\/[0-9a-f-]{36}$/);
    await expect(page.getByText('1,000 × Kim cương')).toBeVisible();
    await expect(page.getByText('5,000 × Vàng')).toBeVisible();
    const codeId = page.url().split('/').pop()!;

    await page.goto('/admin/gift-codes/batch');
    await page.getByLabel('Tiền tố').fill(prefix);
    await page.getByLabel('Số lượng mã', { exact: true }).fill('5');
    await page.getByLabel('Tên (để nhận biết)').fill('Lô vận hành E2E');
    // The picker reads the game's items and finds them by name without diacritics.
    await page.getByLabel('Tìm vật phẩm 1').fill('ve boc tham');
    const picker = page.getByLabel('Vật phẩm 1', { exact: true });
    await expect(picker.locator('option')).toHaveText(['Chọn vật phẩm', 'Vé bốc thăm']);
    await picker.selectOption({ label: 'Vé bốc thăm' });
    await page.getByLabel('Số lượng 1').fill('3');
    await page.getByRole('button', { name: 'Tạo lô' }).click();
    const askBatch = page.getByRole('dialog', { name: 'Tạo lô mã quà tặng?' });
    await expect(askBatch).toContainText(`Tạo 5 mã với tiền tố ${prefix}`);
    await askBatch.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText('Đã tạo 5 mã trong lô.')).toBeVisible();
    const batchCodes = await page.getByTestId('batch-code').allTextContents();
    expect(batchCodes).toHaveLength(5);
    for (const batchCode of batchCodes) expect(batchCode.startsWith(`${prefix}`)).toBe(true);
    await screenshot(page, testInfo, 'admin-ops-gift-code-batch');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Tải CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFMã,Tên,Phần thưởng,')).toBe(true);
    for (const batchCode of batchCodes) expect(csv).toContain(`${batchCode},Lô vận hành E2E,3 × Vé bốc thăm,`);

    await page.getByRole('link', { name: 'Xem các mã của lô' }).click();
    await expect(page).toHaveURL(/batchId=/);
    const batchId = new URL(page.url()).searchParams.get('batchId')!;
    await expect(page.getByTestId('gift-code-rows').getByRole('link')).toHaveCount(5);

    await switchAccount(page, playerAccount, 'player123');
    await page.goto('/gift-code');
    const main = page.getByRole('main');
    for (const redeemed of [code, batchCodes[0]!]) {
      await main.getByLabel('Giftcode').fill(redeemed);
      await main.getByRole('button', { name: 'Quy đổi', exact: true }).click();
      await expect(main.getByTestId('gift-code-result')).toHaveText(
        'Nhập giftcode thành công, phần thưởng sẽ được chuyển đến hộp thư của bạn.',
      );
    }

    await switchAccount(page, admin.username, admin.password);
    await page.goto(`/admin/gift-codes?search=${batchCodes[0]}`);
    const batchRow = page.getByTestId('gift-code-rows').getByRole('link');
    await expect(batchRow).toHaveCount(1);
    await expect(batchRow).toContainText('1/1');
    await expect(batchRow.getByTestId('gift-code-status')).toHaveText('Hết lượt');

    await page.goto(`/admin/gift-codes/${codeId}`);
    await expect(page.getByTestId('gift-code-claims')).toContainText(`#${playerShortId}`);
    await expect(page.getByText('1/10')).toBeVisible();
    await page.getByRole('button', { name: 'Tắt giftcode' }).click();
    await confirm(page);
    // Any edit of a code needs a recent code (decision record 029).
    await stepUpIfAsked(page, admin.username, page.getByText(`Đã tắt giftcode ${code}.`));
    await expect(page.getByRole('heading', { name: `Giftcode ${code}` }).locator('..')).toContainText('Đã tắt');
    await screenshot(page, testInfo, 'admin-ops-gift-code-detail');

    await expectAudited(page, codeId, ['gift_code.create', 'gift_code.update']);
    await expectAudited(page, batchId, ['gift_code.batch_generate', 'gift_code.batch_export']);
  });
});
