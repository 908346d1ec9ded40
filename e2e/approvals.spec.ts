import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, demoCode, expect, isMobile, test, useSignedIn } from './fixtures';

/*
 * Four-eyes approvals (issue 23, decision record 030): a manual grant waits for a second admin. The
 * requester sees it waiting and cannot approve it; another admin finds it, approves it (the order
 * then exists, granted) or rejects it with a reason. Each project grants to its own player with
 * reasons unique to the run, so the two viewports run side by side.
 */

/** Sign-ins and step-ups wait on the API and on TOTP steps: generous under a loaded machine. */
const expectSoon = expect.configure({ timeout: 30_000 });

/** The whole page; a dialog (a bottom drawer on a phone) as the screen shows it. */
async function shot(page: Page, testInfo: TestInfo, name: string, dialog = false) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: !dialog });
}

async function apiCall(token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${apiURL()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** A page of its own (another browser, as a second admin would use), at the project's viewport. */
async function secondBrowser(browser: Browser, page: Page, testInfo: TestInfo) {
  const mobile = isMobile(testInfo);
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    viewport: page.viewportSize(),
    isMobile: mobile,
    hasTouch: mobile,
  });
  return context.newPage();
}

/**
 * Waits for `outcome`; should the action ask for a second-factor code first (the session's code is
 * no longer recent), enters the demo account's code: this step's, the next one's, or after waiting
 * for a fresh step when both were used.
 */
async function afterStepUp(page: Page, username: string, outcome: Locator) {
  const stepUp = page.getByRole('dialog', { name: 'Xác nhận bằng mã xác thực' });
  await expectSoon(outcome.or(stepUp).first()).toBeVisible();
  if (!(await stepUp.isVisible())) return;
  const steps = [
    () => Date.now(),
    () => Date.now() + 30_000,
    async () => {
      await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 100);
      return Date.now() + 30_000;
    },
  ];
  for (const at of steps) {
    await stepUp.getByLabel('Mã xác thực').fill(demoCode(username, await at()));
    await stepUp.getByRole('button', { name: 'Xác nhận' }).click();
    const reused = stepUp.getByText('Mã này đã được dùng, vui lòng chờ mã mới.');
    await expectSoon(stepUp.or(reused).first()).toBeVisible();
    if (!(await reused.isVisible())) break;
  }
  await expectSoon(stepUp).toBeHidden();
  await expectSoon(outcome).toBeVisible();
}

/** Opens "Chờ duyệt" and searches for `words`; answers the request cards. */
async function findRequests(page: Page, words: string, status?: string) {
  await page.goto(`/admin/approvals${status ? `?status=${status}` : ''}`);
  await expect(page.getByRole('heading', { name: 'Chờ duyệt', exact: true })).toBeVisible();
  await page.getByLabel('Nội dung, lý do, tên hoặc User ID người yêu cầu').fill(words);
  await page.getByRole('button', { name: 'Tìm', exact: true }).click();
  await expect(page).toHaveURL(/q=/);
  return page.getByTestId('approval');
}

const player = (testInfo: TestInfo) =>
  isMobile(testInfo)
    ? { shortId: '8805678', named: 'Trần Bảo Ngọc (ID: 8805678)' }
    : { shortId: '8801234', named: 'Nguyễn Minh Anh (ID: 8801234)' };
/** A player each project asks to promote to admin (never approved: the request is withdrawn). */
const promoted = (testInfo: TestInfo) => (isMobile(testInfo) ? '8801234' : '8809012');

test.describe('four-eyes approvals @desktop-only', () => {
  test("an admin's manual grant waits; the same admin cannot approve it, another admin does", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const reason = `Bồi thường lỗi đăng nhập ${stamp}`;
    const receiver = player(testInfo);

    // admin1 grants a pack through the console: the dialog says it waits, with a link to the requests.
    const admin1 = await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/transactions');
    await page.getByRole('button', { name: 'Tặng gói thủ công' }).click();
    const grant = page.getByRole('dialog', { name: 'Tặng gói thủ công' });
    await grant.getByLabel('User ID người nhận').fill(receiver.shortId);
    await expect(grant.getByTestId('grant-receiver')).toHaveText(`Người nhận: ${receiver.named}`);
    await grant.getByLabel('Mã gói').selectOption('401');
    await grant.getByLabel('Lý do').fill(reason);
    await grant.getByRole('button', { name: 'Tặng gói' }).click();
    // Nothing is asked before the receiver, the pack and the reason are confirmed.
    const summary = grant.getByTestId('grant-confirm');
    await expect(summary).toContainText(receiver.named);
    await expect(summary).toContainText('Vé Bốc Thăm x10');
    await expect(summary).toContainText(reason);
    await shot(page, testInfo, 'approvals-grant-confirm', true);
    await grant.getByRole('button', { name: 'Xác nhận tặng' }).click();
    const waiting = grant.getByTestId('approval-pending');
    await afterStepUp(page, 'admin1', waiting);
    await expect(waiting).toContainText('Thao tác sẽ được thực hiện khi một quản trị viên khác duyệt.');
    await shot(page, testInfo, 'approvals-grant-waiting', true);
    await waiting.getByRole('link', { name: 'Xem yêu cầu chờ duyệt' }).click();
    await expect(page).toHaveURL(/\/admin\/approvals$/);

    // Their own request: no "Duyệt", the sentence saying why, and "Rút yêu cầu".
    const own = (await findRequests(page, stamp)).filter({ hasText: reason });
    await expect(own).toHaveCount(1);
    await expect(own.getByTestId('approval-status')).toHaveText('Chờ duyệt');
    await expect(own).toContainText('Quản trị viên (ID: 8800001)');
    await expect(own).toContainText('Yêu cầu của bạn — cần một quản trị viên khác duyệt.');
    await expect(own.getByRole('button', { name: 'Duyệt', exact: true })).toHaveCount(0);
    await expect(own.getByRole('button', { name: 'Rút yêu cầu' })).toBeVisible();
    await shot(page, testInfo, 'approvals-own-request');

    // Nor through the API.
    const listed = await apiCall(
      admin1.accessToken,
      'GET',
      `/internal/approvals?status=pending&q=${encodeURIComponent(stamp)}`,
    );
    expect(listed.status).toBe(200);
    const request = listed.body.data.items[0] as { id: string; mine: boolean; kind: string; summary: string };
    expect(listed.body.data.total).toBe(1);
    expect(request).toMatchObject({ mine: true, kind: 'order.grant' });
    const selfApproval = await apiCall(admin1.accessToken, 'POST', `/internal/approvals/${request.id}/approve`, {});
    expect(selfApproval.status).toBe(409);
    expect(selfApproval.body.code).toBe('api.approval.own_request');

    // admin2, in another browser, finds it by a word of its reason and approves it.
    const other = await secondBrowser(browser, page, testInfo);
    const admin2 = await useSignedIn(other, 'admin2', 'admin123');
    await other.goto('/admin');
    await expect(
      other.getByRole('navigation', { name: 'Khu vực quản trị' }).getByTestId('approvals-count'),
    ).toBeVisible();
    const card = (await findRequests(other, stamp)).filter({ hasText: reason });
    await expect(card).toHaveCount(1);
    await expect(card).not.toContainText('Yêu cầu của bạn');
    await expect(card.getByRole('button', { name: 'Rút yêu cầu' })).toHaveCount(0);
    // What approving delivers, as stored with the request: the pack's items in words, and who receives them.
    const effect = card.getByTestId('approval-effect');
    await expect(effect).toContainText('Vé Bốc Thăm x10');
    await expect(effect).toContainText('10 × Vé bốc thăm');
    await expect(effect).toContainText(`(ID: ${receiver.shortId})`);
    await shot(other, testInfo, 'approvals-second-admin');
    await card.getByRole('button', { name: 'Duyệt', exact: true }).click();
    const confirm = other.getByRole('dialog', { name: 'Duyệt yêu cầu?' });
    await expect(confirm).toContainText(request.summary);
    await expect(confirm.getByTestId('approval-effect')).toContainText(`(ID: ${receiver.shortId})`);
    await shot(other, testInfo, 'approvals-approve-dialog', true);
    await confirm.getByRole('button', { name: 'Xác nhận' }).click();
    await afterStepUp(other, 'admin2', other.getByText('Đã duyệt và thực hiện thao tác.'));
    await expect(card).toHaveCount(0);

    // Approved: under "Đã duyệt", with who decided and when.
    await other.getByRole('button', { name: 'Đã duyệt', exact: true }).click();
    await expect(other).toHaveURL(/status=approved/);
    const approved = other.getByTestId('approval').filter({ hasText: reason });
    await expect(approved.getByTestId('approval-status')).toHaveText('Đã duyệt');
    await expect(approved).toContainText('Phạm Thu Hà (ID: 8800002)');
    await shot(other, testInfo, 'approvals-approved');

    // The order now exists, granted to the player, with the reason as its note.
    const orders = await apiCall(admin2.accessToken, 'POST', '/internal/transactions/find-many', {
      shortId: receiver.shortId,
      pageSize: 50,
    });
    const order = (
      orders.body.data.items as { id: string; code: string; note: string | null; status: string; kind: string }[]
    ).find((item) => item.note === reason);
    expect(order).toMatchObject({ status: 'done', kind: 'manual' });
    // The approved request names the order it made, by its code, and leads to it: a grant, not a purchase.
    await approved.getByTestId('approval-order').filter({ hasText: order!.code }).click();
    await expect(other).toHaveURL(new RegExp(`/admin/transactions/${order!.id}$`));
    await expect(other.getByText(reason)).toBeVisible();
    await expect(other.getByText('quản trị viên tặng')).toBeVisible();
    await expect(other.getByTestId('order-grant')).toHaveText('Quà tặng từ ban quản trị');
    await expect(other.getByTestId('order-grant-requester')).toContainText('#8800001');
    await expect(other.getByTestId('order-grant-approver')).toContainText('Phạm Thu Hà #8800002');
    await shot(other, testInfo, 'approvals-granted-order');
    await other.goto(`/admin/transactions?q=${order!.code}`);
    await expect(other.getByTestId('order-grant').filter({ visible: true })).toContainText(
      'Yêu cầu: Quản trị viên (ID: 8800001) · Duyệt: Phạm Thu Hà (ID: 8800002)',
    );

    // The audit log tells the approval as a sentence with the request's summary.
    await other.goto(`/admin/audit?action=approval.approve&targetId=${request.id}`);
    await expect(
      other
        .getByTestId('audit-entry')
        .filter({ visible: true })
        .filter({ hasText: `đã duyệt yêu cầu: ${request.summary}.` }),
    ).toBeVisible();
    await other.context().close();
  });

  test('another admin rejects a request with a reason, which is required; finance only reads', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const reason = `Quà xin lỗi bảo trì ${stamp}`;
    const receiver = player(testInfo);

    // admin1 asks through the API: 202, the request's id and the sentence.
    const admin1 = await apiSignIn('admin1', 'admin123');
    const asked = await apiCall(admin1.accessToken, 'POST', '/internal/transactions/create-manual', {
      shortId: receiver.shortId,
      productId: 602,
      reason,
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ code: 'api.approval.pending', data: { approvalId: expect.any(String) } });

    // finance follows the requests but has no buttons.
    const finance = await secondBrowser(browser, page, testInfo);
    await useSignedIn(finance, 'finance1', 'staff123');
    const seen = (await findRequests(finance, stamp)).filter({ hasText: reason });
    await expect(seen).toHaveCount(1);
    await expect(seen.getByRole('button')).toHaveCount(0);
    await shot(finance, testInfo, 'approvals-finance');
    await finance.context().close();

    // admin2 rejects it: first without a reason (refused under the field), then with one.
    await useSignedIn(page, 'admin2', 'admin123');
    const card = (await findRequests(page, stamp)).filter({ hasText: reason });
    await card.getByRole('button', { name: 'Từ chối' }).click();
    const dialog = page.getByRole('dialog', { name: 'Từ chối yêu cầu?' });
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(dialog.getByText('Vui lòng nhập lý do từ chối.')).toBeVisible();
    await shot(page, testInfo, 'approvals-reject-required', true);
    const why = `Sự cố bảo trì đã được bù bằng thư chung ${stamp}`;
    await dialog.getByLabel('Lý do từ chối').fill(why);
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    await afterStepUp(page, 'admin2', page.getByText('Đã từ chối yêu cầu.'));
    await expect(card).toHaveCount(0);

    await page.getByRole('button', { name: 'Đã từ chối', exact: true }).click();
    const rejected = page.getByTestId('approval').filter({ hasText: reason });
    await expect(rejected.getByTestId('approval-status')).toHaveText('Đã từ chối');
    await expect(rejected).toContainText(why);
    await expect(rejected).toContainText('Phạm Thu Hà (ID: 8800002)');
    await shot(page, testInfo, 'approvals-rejected');

    // Nothing was granted.
    const orders = await apiCall(admin1.accessToken, 'POST', '/internal/transactions/find-many', {
      shortId: receiver.shortId,
      pageSize: 50,
    });
    expect((orders.body.data.items as { note: string | null }[]).some((item) => item.note === reason)).toBe(false);
  });

  test('a promotion to admin asks its reason and waits; its requester withdraws it', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const shortId = promoted(testInfo);
    await useSignedIn(page, 'admin2', 'admin123');
    await page.goto(`/admin/players?q=${shortId}`);
    const row = page.getByRole('listitem').filter({ hasText: `#${shortId}` });
    await row.getByLabel('Vai trò').selectOption('admin');
    await row.getByRole('button', { name: 'Đổi vai trò' }).click();
    const dialog = page.getByRole('dialog', { name: 'Đổi vai trò?' });
    await expect(dialog).toContainText('Cấp quyền quản trị viên cần một quản trị viên khác duyệt');
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(dialog.getByText('Vui lòng nhập lý do cấp quyền quản trị viên.')).toBeVisible();
    const reason = `Trưởng nhóm vận hành mới ${stamp}`;
    await dialog.getByLabel('Lý do cấp quyền quản trị viên').fill(reason);
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    const waiting = dialog.getByTestId('approval-pending');
    await afterStepUp(page, 'admin2', waiting);
    await shot(page, testInfo, 'approvals-role-waiting', true);
    await waiting.getByRole('link', { name: 'Xem yêu cầu chờ duyệt' }).click();
    await expect(page).toHaveURL(/\/admin\/approvals$/);

    const own = (await findRequests(page, stamp)).filter({ hasText: reason });
    await expect(own).toContainText('Cấp quyền quản trị viên');
    await expect(own).toContainText(`(ID: ${shortId})`);
    await own.getByRole('button', { name: 'Rút yêu cầu' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Rút yêu cầu?' });
    await withdraw.getByLabel('Lý do rút').fill('Đã chọn người khác');
    await withdraw.getByRole('button', { name: 'Xác nhận' }).click();
    await afterStepUp(page, 'admin2', page.getByText('Đã rút yêu cầu.'));
    await expect(own).toHaveCount(0);

    await page.getByRole('button', { name: 'Tất cả', exact: true }).click();
    const withdrawn = page.getByTestId('approval').filter({ hasText: reason });
    await expect(withdrawn.getByTestId('approval-status')).toHaveText('Đã từ chối');
    await expect(withdrawn).toContainText('Lý do rút');
    await expect(withdrawn).toContainText('Đã chọn người khác');
    await shot(page, testInfo, 'approvals-withdrawn');

    // The player's role did not change.
    await page.goto(`/admin/players?q=${shortId}`);
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `#${shortId}` })
        .getByLabel('Vai trò'),
    ).toHaveValue('player');
  });
});
