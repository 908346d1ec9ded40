import type { Page } from '@playwright/test';
import { expect, fillSalePack, test, useSignedIn, vietnamInput, visitorContext } from './fixtures';
import { expectNoHorizontalOverflow } from './layout';

// The console's preview (issue 26 "Drafts and preview", decision record 038): content staff make a
// draft with a sale tomorrow evening, see it on the store as players will at a chosen moment (the sale
// price and its countdown from that moment), and the public store still does not show it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A moment as Vietnam's wall clock in a `datetime-local` input (minutes). */
const inputAt = (ms: number) => vietnamInput(0, ms);

/** Scrolls through the page, so that every carousel starts (each waits to come near the screen), then waits for the pictures shown. */
async function showEverything(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; top < height; top += 500) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // Slides beside a carousel's window are lazy pictures that never load until shown.
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      const box = image.getBoundingClientRect();
      return image.complete || box.right <= 0 || box.left >= window.innerWidth;
    }),
  );
}

test('content previews a draft sale at a chosen moment; the public store does not show it @desktop-only', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await useSignedIn(page, 'content1', 'staff123');
  const title = `Gói xem trước ${testInfo.project.name} ${Date.now().toString(36)}`;
  const saleStart = Math.floor((Date.now() + DAY) / MINUTE) * MINUTE;
  const saleEnd = saleStart + 2 * DAY;
  const chosen = saleStart + 30 * MINUTE;

  await page.goto('/admin/catalogue');
  await expect(page.getByTestId('preview-link')).toHaveAttribute('href', '/admin/preview?view=store');
  await page.goto('/admin/catalogue/new');
  await fillSalePack(page, title, inputAt(saleStart), inputAt(saleEnd));
  await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const card = page.getByTestId(`pack-${id}`).filter({ hasText: title });

  // Now + 1 hour by default: the draft is there, before its sale (the regular price).
  await page.goto('/admin/preview?view=store');
  await expect(page.getByTestId('preview-banner')).toContainText('bản nháp chưa xuất bản được hiển thị');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('pack-sale-price')).toHaveCount(0);
  await expect(card).toContainText('200,000đ');

  // Inside the sale: struck price, sale price, and the time left from the chosen moment.
  await page.getByLabel('Thời điểm (giờ Việt Nam)').fill(inputAt(chosen));
  const [day, time] = [inputAt(chosen).slice(0, 10).split('-').reverse().join('/'), inputAt(chosen).slice(11)];
  await expect(page.getByTestId('preview-banner')).toHaveText(
    `Xem trước lúc ${time} ngày ${day} — bản nháp chưa xuất bản được hiển thị`,
  );
  await expect(card.getByTestId('pack-original-price')).toHaveText('200,000đ');
  await expect(card.getByTestId('pack-sale-price')).toHaveText('99,000đ');
  await expect(card.getByTestId('sale-countdown')).toHaveText(/^Còn 1 ngày 23:(30:00|29:[0-5]\d)$/);
  // A card shows, it does not lead away from the console.
  await card.click();
  await expect(page).toHaveURL(/\/admin\/preview\?/);
  await expectNoHorizontalOverflow(page, 'the store preview');
  await showEverything(page);
  await page.screenshot({ path: testInfo.outputPath(`preview-store-${testInfo.project.name}.png`), fullPage: true });

  // Published content only: the draft is not there.
  // The choice is the address's: the box turns once the page took it.
  const drafts = page.getByLabel('Hiện cả bản nháp chưa đăng');
  await drafts.click();
  await expect(drafts).not.toBeChecked();
  await expect(page.getByTestId('preview-banner')).toContainText('chỉ những gì đã xuất bản');
  await expect(page.getByTestId('pack-grid').first()).toBeVisible();
  await expect(card).toHaveCount(0);

  // The home page at the same moment, in its own sections.
  await page.getByRole('button', { name: 'Trang chủ' }).click();
  const frame = page.getByTestId('preview-frame');
  await expect(frame.getByTestId('home-banners')).toBeVisible();
  await expect(frame.getByTestId('home-news-list')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the home preview');
  await showEverything(page);
  await page.screenshot({ path: testInfo.outputPath(`preview-home-${testInfo.project.name}.png`), fullPage: true });

  // A moment the address made up: the API's refusal, in Vietnamese, and the member stays signed in.
  await page.goto('/admin/preview?view=store&at=ngay-mai');
  await expect(page.getByText('Thời điểm xem trước không hợp lệ: chọn ngày và giờ (giờ Việt Nam).')).toBeVisible();

  // Players never see the draft.
  const visitor = await visitorContext(browser, page.viewportSize());
  const store = await visitor.newPage();
  await store.goto('/store?tab=flash-sale');
  await expect(store.getByTestId('pack-grid').first()).toBeVisible();
  await expect(store.getByText(title)).toHaveCount(0);
  await visitor.close();
});
