import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiSignIn, apiURL, bankReports, expect, isMobile, test, useSignedIn } from './fixtures';

const dialog = (page: Page) => page.getByTestId('purchase-dialog');
const step = (page: Page, name: string) => expect(dialog(page)).toHaveAttribute('data-step', name);

async function shot(target: Page | Locator, testInfo: TestInfo, name: string) {
  await target.screenshot({
    path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`),
    ...('goto' in target ? { fullPage: true } : {}),
  });
}

/** An order placed by a signed-in player through the API, as their other browser would: its id and code. */
async function orderAs(token: string, shortId: string, productId: number) {
  const created = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ shortId, productId }),
  }).then((response) => response.json());
  expect(created.code).toBe('api.success');
  const detail = await fetch(`${apiURL()}/api/transactions/bank/${created.data.id}`).then((r) => r.json());
  return detail.data as { id: string; code: string; totalPrice: number };
}

/** The bank feed reporting a transfer to the order with its reference, made now. */
const bankPays = (code: string, amount: number, reference: string) =>
  bankReports(`${code} chuyen tien`, amount, { reference });

/** Whether an element's text fits its box (nothing cut with an ellipsis or hidden overflow). */
const fits = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.textContent !== '');

test.describe('receiver, receipt and menus', () => {
  test('ENTER_ID names the receiver before any order exists @desktop-only', async ({ page }, testInfo) => {
    await page.goto('/store?tab=tieu-bieu');
    await page.getByTestId('pack-102').click();
    await page.getByRole('button', { name: 'Mua ngay' }).click();
    await page.getByRole('button', { name: /Nhập User ID/ }).click();
    await step(page, 'ENTER_ID');

    // Typing only: the receiver appears, no order is made.
    await page.getByPlaceholder('User ID...').pressSequentially('ID: 8805678', { delay: 20 });
    const preview = page.getByTestId('receiver-preview');
    await expect(preview).toContainText('Trần Bảo Ngọc');
    await expect(preview).toContainText('ID: 8805678');
    await step(page, 'ENTER_ID');
    expect(page.url()).not.toContain('transactionId');
    await expectAccessible(page, 'ENTER_ID with its receiver', { include: '[data-testid="purchase-dialog"]' });
    await shot(page, testInfo, 'enter-id-receiver');

    // An unknown id, checked when the field is left.
    await page.getByPlaceholder('User ID...').fill('9999999');
    await page.getByPlaceholder('User ID...').blur();
    await expect(page.getByTestId('receiver-unknown')).toHaveText('User ID không tồn tại.');

    // Only "Thanh toán ngay" makes the order.
    await page.getByPlaceholder('User ID...').fill('8805678');
    await expect(preview).toContainText('Trần Bảo Ngọc');
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
    await step(page, 'TRANSFER');
    await expect(page).toHaveURL(/transactionId=[0-9a-f-]{36}/);
  });

  test('a selectable pack shows the chosen option’s contents only @desktop-only', async ({ page }) => {
    await page.goto('/store?tab=boc-tham&productId=44');
    await step(page, 'PREVIEW');
    await expect(dialog(page)).toContainText('Chọn một gói để xem nội dung.');
    await expect(page.getByTestId('pack-contents')).toHaveCount(0);
    await page.getByText('Rương Bốc Thăm Bí Ẩn').click();
    await expect(page.getByTestId('pack-contents')).toHaveText('Gói gồm: 2 × Rương bốc thăm');
  });

  test('a paid gift’s receipt: money, references, people, contents; printable; support prefilled', async ({
    page,
  }, testInfo) => {
    const buyer = await useSignedIn(page, 'player1', 'player123');
    const order = await orderAs(buyer.accessToken, '8805678', 302);
    const reference = `FT${Date.now()}${testInfo.project.name === 'mobile' ? 1 : 2}`;
    await bankPays(order.code, order.totalPrice, reference);

    // The history links the row to its receipt; the title is never cut.
    await page.goto('/store/history');
    const row = page.getByTestId('history-row').filter({ hasText: order.code });
    await expect(row).toContainText('Thành công');
    expect(await fits(row.getByTestId('history-receipt-title'))).toBe(true);
    await shot(page, testInfo, 'history');
    await row.getByTestId('history-receipt').click();
    await expect(page).toHaveURL(new RegExp(`/store/history/${order.code}$`));

    const receipt = page.getByTestId('order-receipt');
    await expect(page.getByTestId('receipt-code')).toHaveText(order.code);
    await expect(page.getByTestId('receipt-amount')).toHaveText('109,000đ');
    await expect(page.getByTestId('receipt-paid-at')).toContainText('(giờ Việt Nam)');
    await expect(page.getByTestId('receipt-receiver')).toContainText('Trần Bảo Ngọc');
    await expect(page.getByTestId('receipt-receiver')).toContainText('ID: 8805678');
    await expect(page.getByTestId('receipt-buyer')).toHaveText('Nguyễn Minh Anh (ID: 8801234)');
    await expect(page.getByTestId('receipt-items')).toContainText('8 × Thẻ Bích');
    await expect(page.getByTestId('receipt-items')).toContainText('300,000 × Vàng');
    await expect(page.getByTestId('receipt-mailbox')).toHaveText(
      'Gói được gửi vào hộp thư trong game của Trần Bảo Ngọc.',
    );
    await expect(page.getByTestId('receipt-transfers')).toContainText(reference);
    await expect(page.getByTestId('receipt-delivery')).not.toBeEmpty();
    await expectAccessible(page, 'the receipt');
    await shot(page, testInfo, 'receipt');

    // Printed: the receipt alone, without the site's header, footer, title band and buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('body > header').first()).toBeHidden();
    await expect(page.locator('footer').last()).toBeHidden();
    await expect(page.getByTestId('receipt-print')).toBeHidden();
    await expect(receipt).toBeVisible();
    await shot(page, testInfo, 'receipt-print');
    await page.emulateMedia({ media: 'screen' });

    await page.getByTestId('receipt-support').click();
    await expect(page).toHaveURL(new RegExp(`/supports\\?order=${order.code}$`));
    await expect(page.getByLabel('Tiêu đề')).toHaveValue(`Hỗ trợ đơn hàng ${order.code}`);
    await expect(page.getByLabel('Mô tả')).toHaveValue(new RegExp(`^Mã đơn hàng: ${order.code}`));
    await expect(page.getByLabel('Loại yêu cầu')).toHaveValue('1');
  });

  test('no dead end: closing asks, a guest finds the order by code, the paid panel leads on, the receipt tells the surplus', async ({
    page,
  }) => {
    // A guest orders for player1's User ID: the panel says how to come back to the order.
    await page.goto('/store?tab=tien-te');
    await page.getByTestId('pack-602').click();
    await page.getByRole('button', { name: 'Mua ngay' }).click();
    await page.getByRole('button', { name: /Nhập User ID/ }).click();
    await page.getByPlaceholder('User ID...').fill('8801234');
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
    await step(page, 'TRANSFER');
    await expect(page).toHaveURL(/transactionId=[0-9a-f-]{36}/);
    const id = new URL(page.url()).searchParams.get('transactionId')!;
    const { code } = (await fetch(`${apiURL()}/api/transactions/bank/${id}`).then((r) => r.json())).data;
    const findAgain = page.getByTestId('find-order-again');
    await expect(findAgain).toContainText(`Lưu lại đơn ${code}`);
    await expect(findAgain.getByRole('button', { name: 'Sao chép Đường dẫn đơn hàng' })).toContainText(id);

    // Closing an unpaid panel asks first, saying the order stays open and how to find it again.
    const closeButton = page.getByRole('button', { name: 'Đóng', exact: true }).first();
    await closeButton.click();
    const question = page.getByTestId('close-confirm');
    await expect(question).toContainText(`Đơn ${code}`);
    await expect(question).toContainText('Đơn vẫn mở đến');
    await expect(question).toContainText(`nhập mã đơn ${code} cùng User ID người nhận 8801234`);
    await page.getByRole('button', { name: 'Tiếp tục thanh toán' }).click();
    await expect(page.getByTestId('vietqr')).toBeVisible();
    await closeButton.click();
    await page.getByTestId('close-leave').click();
    await expect(page).toHaveURL(/\/store\?tab=tien-te$/);
    await expect(dialog(page)).toHaveCount(0);

    // "Tra cứu đơn hàng": a wrong User ID finds nothing; the right pair opens the order's panel again.
    await page.getByRole('link', { name: 'Tra cứu đơn hàng' }).click();
    await expect(page).toHaveURL(/\/store\/lookup$/);
    await page.getByLabel('Mã đơn hàng').fill(code.toLowerCase());
    await page.getByLabel('User ID người nhận').fill('8805678');
    await page.getByRole('button', { name: 'Tìm đơn hàng' }).click();
    await expect(page.getByTestId('order-lookup').getByRole('alert')).toContainText(
      'Không tìm thấy đơn hàng với mã đơn và User ID này',
    );
    await expectAccessible(page, 'the order look-up');
    await page.getByLabel('User ID người nhận').fill('8801234');
    await page.getByRole('button', { name: 'Tìm đơn hàng' }).click();
    await expect(page).toHaveURL(new RegExp(`transactionId=${id}`));
    await step(page, 'CHECK_HISTORY');
    await expect(page.getByTestId('payment-unpaid')).toBeVisible();

    // Paid 11,000đ too much: the success panel tells the surplus and leads on ("Mua tiếp" for a guest).
    await page.getByLabel('Số tiền giả lập').fill('90000');
    await page.getByRole('button', { name: 'Giả lập chuyển khoản' }).click();
    await expect(page.getByText('Giao dịch thành công!')).toBeVisible();
    await expect(page.getByTestId('payment-overpaid')).toContainText('Bạn đã chuyển dư 11,000đ');
    await expect(page.getByTestId('payment-overpaid')).toContainText('Nhân viên sẽ hoàn 11,000đ');
    await expect(page.getByTestId('paid-receipt')).toHaveCount(0);
    await page.getByTestId('paid-buy-more').click();
    await expect(page).toHaveURL(/\/store\?tab=tien-te$/);

    // Its receiver, signed in, reaches the receipt and the history from the panel; the receipt tells the surplus.
    await useSignedIn(page, 'player1', 'player123');
    await page.goto(`/store?tab=tien-te&productId=602&transactionId=${id}`);
    await expect(page.getByTestId('paid-history')).toBeVisible();
    // Under the pack's banner the result and its ways on are brought into view together.
    await expect(page.getByTestId('paid-receipt')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('payment-success').getByText('Giao dịch thành công!')).toBeInViewport();
    await expect(page.getByTestId('paid-buy-more')).toBeVisible();
    await page.getByTestId('paid-receipt').click();
    await expect(page).toHaveURL(new RegExp(`/store/history/${code}$`));
    const held = page.getByTestId('receipt-held');
    await expect(held).toContainText('Bạn đã chuyển dư 11,000đ');
    await expect(held).toContainText('Bạn đã chuyển 90,000đ, nhiều hơn giá gói 79,000đ');
    await expect(held).toContainText(
      /Nhân viên sẽ hoàn 11,000đ về tài khoản đã chuyển, chậm nhất \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}/,
    );
    await page.goto('/store/history');
    await expect(page.getByTestId('history-row').filter({ hasText: code }).getByTestId('history-held')).toContainText(
      'Đang giữ 11,000đ (chuyển dư)',
    );
  });

  test('the receiver reads “của bạn”; anyone else gets not-found, as for a missing code @desktop-only', async ({
    page,
  }) => {
    const buyer = await apiSignIn('player1', 'player123');
    const gift = await orderAs(buyer.accessToken, '8805678', 601);
    await bankPays(gift.code, gift.totalPrice, `FT${Date.now()}${Math.floor(Math.random() * 1e6)}`);
    const own = await orderAs(buyer.accessToken, '8801234', 601);

    await useSignedIn(page, 'player2', 'player123');
    await page.goto(`/store/history/${gift.code}`);
    await expect(page.getByTestId('receipt-mailbox')).toHaveText('Gói được gửi vào hộp thư trong game của bạn.');
    await expect(page.getByTestId('receipt-buyer')).toHaveText('Nguyễn Minh Anh (ID: 8801234)');

    for (const code of [own.code, 'CRB22222222']) {
      await page.goto(`/store/history/${code}`);
      await expect(page.getByTestId('receipt-not-found')).toContainText('Không tìm thấy đơn hàng');
    }
  });

  test('the user menu links to the order history and my tickets', async ({ page }, testInfo) => {
    await useSignedIn(page, 'player1', 'player123');
    await page.goto('/');
    if (isMobile(testInfo)) {
      await page.getByRole('button', { name: 'Mở menu' }).click();
      const links = page.getByTestId('mobile-user-links');
      await expect(links.getByRole('link', { name: 'Yêu cầu của tôi' })).toHaveAttribute(
        'href',
        '/supports/my-tickets',
      );
      await shot(page, testInfo, 'menu');
      await links.getByRole('link', { name: 'Lịch sử giao dịch' }).click();
    } else {
      await page.getByTestId('user-display-name').click();
      await expect(page.getByRole('menuitem', { name: 'Yêu cầu của tôi' })).toHaveAttribute(
        'href',
        '/supports/my-tickets',
      );
      await shot(page, testInfo, 'menu');
      await page.getByRole('menuitem', { name: 'Lịch sử giao dịch' }).click();
    }
    await expect(page).toHaveURL(/\/store\/history$/);
    await expect(page.getByRole('heading', { name: 'Lịch sử giao dịch' })).toBeVisible();
  });

  test('the footer shows the publisher, licence, age rating and the 180-minute warning @desktop-only', async ({
    page,
  }, testInfo) => {
    await page.goto('/news');
    const publisher = page.getByTestId('footer-publisher');
    await expect(publisher).toContainText('Nhà phát hành: Công ty TNHH Carabala Việt Nam');
    await expect(publisher).toContainText('Địa chỉ:');
    await expect(publisher).toContainText('Giấy phép phát hành trò chơi G1:');
    await expect(page.getByTestId('footer-age-rating')).toHaveText('12+');
    await expect(page.getByTestId('footer-play-time')).toHaveText(
      'Chơi quá 180 phút một ngày sẽ ảnh hưởng xấu đến sức khỏe.',
    );
    await shot(page.locator('footer').last(), testInfo, 'footer');
  });

  test('the ticket search placeholder fits at phone width @mobile-only', async ({ page }) => {
    await useSignedIn(page, 'player1', 'player123');
    await page.goto('/supports/my-tickets');
    const search = page.getByRole('searchbox', { name: 'Tìm kiếm yêu cầu' });
    await expect(search).toBeVisible();
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return input.clientWidth - context.measureText(input.placeholder).width;
    });
    expect(room).toBeGreaterThan(0);
  });
});
