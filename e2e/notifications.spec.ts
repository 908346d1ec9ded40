import { apiSignIn, apiURL, expect, isMobile, test } from './fixtures';

const json = { 'content-type': 'application/json' };

/** A paid order and an answered ticket for `username`, made through the API after their last visit. */
async function somethingChanged(shortId: string, token: string) {
  const order = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ shortId, productId: 102 }),
  }).then((r) => r.json());
  const detail = await fetch(`${apiURL()}/api/transactions/bank/${order.data.id}`).then((r) => r.json());
  const paid = await fetch(`${apiURL()}/api/webhooks/sepay`, {
    method: 'POST',
    headers: { ...json, authorization: 'Apikey demo-sepay-key-change-me' },
    body: JSON.stringify({
      id: Math.floor(Math.random() * 2 ** 40),
      gateway: 'MBBank',
      transactionDate: '2026-11-21 10:00:00',
      accountNumber: '0123456789',
      code: null,
      content: `${detail.data.code} chuyen tien`,
      transferType: 'in',
      transferAmount: detail.data.totalPrice,
      accumulated: 0,
      subAccount: null,
      // Its own bank reference: account + reference + amount names one transfer (decision 007).
      referenceCode: `FT${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      description: '',
    }),
  });
  expect(paid.status).toBe(200);

  const ticket = await fetch(`${apiURL()}/api/tickets`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      type: '1',
      incidentTime: 'sáng nay',
      device: 'Android',
      title: `Hỏi về sự kiện ${Date.now()}`,
      description: 'Mô tả',
      status: 'PROCESSING',
    }),
  }).then((r) => r.json());
  const admin = await apiSignIn('admin1', 'admin123');
  const reply = await fetch(`${apiURL()}/api/tickets/${ticket.data.id}`, {
    method: 'PATCH',
    headers: { ...json, authorization: `Bearer ${admin.accessToken}` },
    body: JSON.stringify({ reply: 'Chào bạn, đã xử lý.', status: 'PROCESSED' }),
  });
  expect(reply.status).toBe(200);
  return { orderId: order.data.id as string, ticketId: ticket.data.id as string };
}

test('a returning player is told top right what changed, with links, and an unread dot until read', async ({
  page,
}, testInfo) => {
  // Each project its own player, so the two viewports can run side by side.
  const [username, shortId] = isMobile(testInfo) ? ['player2', '8805678'] : ['player1', '8801234'];
  const session = await apiSignIn(username, 'player123');
  const lastVisit = new Date(Date.now() - 1000).toISOString();
  await page.addInitScript(
    ([token, user, key, seen]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('access_token', token);
      localStorage.setItem('user_detail', user);
      localStorage.setItem(key, seen);
    },
    [session.accessToken, JSON.stringify(session.user), `notices_seen_at:${session.user.id}`, lastVisit] as const,
  );
  const { orderId, ticketId } = await somethingChanged(shortId, session.accessToken);

  await page.goto('/news');
  const paid = page.getByRole('link', { name: /đã thanh toán, gói đã được gửi vào hộp thư/ }).first();
  const answered = page.getByRole('link', { name: /Yêu cầu hỗ trợ “Hỏi về sự kiện \d+” đã được trả lời/ }).first();
  // Generous: a loaded machine may take a while to hydrate the page that asks.
  await expect(paid).toBeVisible({ timeout: 30_000 });
  await expect(answered).toBeVisible();
  expect(await paid.getAttribute('href')).toBe(`/store?tab=tieu-bieu&productId=102&transactionId=${orderId}`);
  expect(await answered.getAttribute('href')).toBe(`/supports/my-tickets/${ticketId}`);
  // The second style: top right, 100 px from the top (once its entry animation has settled).
  await expect.poll(async () => (await paid.boundingBox())!.y).toBeGreaterThanOrEqual(100);
  const box = (await paid.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width * 0.6);
  await page.screenshot({ path: `/tmp/i16-notices-${testInfo.project.name}.png` });
  // Shown for 5,000 ms.
  await page.waitForTimeout(3_500);
  await expect(paid).toBeVisible();
  await expect(paid).toBeHidden({ timeout: 4_000 });

  await expect(page.locator('[data-testid=unread-dot]:visible')).toHaveCount(1);
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await expect(page.getByTestId('notifications').getByRole('link')).toHaveCount(2);
    await page.getByRole('button', { name: 'Đóng menu' }).click();
  } else {
    await page.getByTestId('user-display-name').click();
    await expect(page.getByTestId('notifications').getByRole('link')).toHaveCount(2);
    await page.keyboard.press('Escape');
  }
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);

  // Read: the next visit says nothing again.
  await page.reload();
  await expect(page.locator('main')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(paid).toHaveCount(0);
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
});
