import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { expect, isMobile, test } from './fixtures';

/** Orders pack 101 for player2 as a guest and leaves the page on the transfer panel. */
async function openTransfer(page: import('@playwright/test').Page) {
  await page.goto('/store?tab=tieu-bieu&productId=101&shortId=8805678');
  await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
  await expect(page.getByTestId('purchase-dialog')).toHaveAttribute('data-step', 'TRANSFER');
  const content = page.getByRole('button', { name: /^Sao chép Nội dung chuyển khoản/ });
  return (await content.innerText()).trim();
}

test('under 768 px: save the QR as <order code>.png, or open a banking app; not on a desktop', async ({
  page,
}, testInfo) => {
  const code = await openTransfer(page);
  if (!isMobile(testInfo)) {
    // At 768 px and wider the QR is scanned from another phone: no phone-only buttons.
    await expect(page.getByRole('button', { name: 'Sao chép Số tài khoản' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lưu mã QR' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mở ứng dụng ngân hàng' })).toHaveCount(0);
    return;
  }
  expect(code).toMatch(/^CRB[A-Z0-9]+$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Lưu mã QR' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${code}.png`);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  // The saved picture is the order's QR: drawn back in the page and read with a real decoder.
  const pixels = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  }, bytes.toString('base64'));
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(decoded?.data).toContain(code);

  await page.getByRole('button', { name: 'Mở ứng dụng ngân hàng' }).click();
  const apps = page.getByTestId('bank-apps').getByRole('link');
  await expect(apps).toHaveCount(10);
  const mb = new URL((await page.getByRole('link', { name: /^MB Bank/ }).getAttribute('href'))!);
  expect(mb.origin + mb.pathname).toBe('https://dl.vietqr.io/pay');
  expect(Object.fromEntries(mb.searchParams)).toMatchObject({ app: 'mb', am: '49000', tn: code });
  expect(mb.searchParams.get('ba')).toMatch(/^\d+@mb$/);
  // The copy rows stay.
  await expect(page.getByRole('button', { name: /^Sao chép Số tài khoản/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/i16-pay-from-phone-375.png', fullPage: true });
});
