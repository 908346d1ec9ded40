// @vitest-environment happy-dom
import { itemNamesSchema, meSchema, myVipSchema, vipTiersSchema, type PublicVipTier } from '@carabala/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VipPage } from '@/features/vip/vip-page';
import { ok, standIn } from './support/api-stand-in';
import { player, renderPage } from './support/render';

/** The "Thành viên VIP" page: the player's tier, its perks and the progress to the next tier; the table for everyone. */

const bronze: PublicVipTier = {
  id: 1,
  title: 'Đồng',
  threshold: 100_000,
  windowDays: 365,
  bonusPercent: 0,
  packIds: [],
  giftItems: [{ itemId: 'gold', quantity: 10 }],
};
const silver: PublicVipTier = {
  id: 2,
  title: 'Bạc',
  threshold: 300_000,
  windowDays: 180,
  bonusPercent: 10,
  packIds: [901, 902],
  giftItems: [],
};
const tiers = ok(vipTiersSchema, { tiers: [bronze, silver] });
const names = ok(itemNamesSchema, { names: { gold: 'Vàng' } });

describe('the VIP page', () => {
  it('shows the tier, its perks and the đồng left to the next tier with a progress bar', async () => {
    standIn({
      'GET /me': ok(meSchema, player),
      'GET /vip/tiers': tiers,
      'GET /items/names': names,
      'GET /me/vip': ok(myVipSchema, {
        tier: bronze,
        kept: false,
        paid: { '1': 150_000, '2': 120_000 },
        next: { tier: silver, paid: 120_000, remaining: 180_000 },
      }),
    });
    renderPage(<VipPage />, { signedIn: player });
    expect((await screen.findByTestId('vip-current-tier')).textContent).toBe('Đồng');
    const mine = screen.getByTestId('vip-mine');
    expect(mine.textContent).toContain('Còn 180,000đ để lên hạng Bạc');
    expect(mine.textContent).toContain('Đã nạp 120,000đ / 300,000đ trong 180 ngày gần nhất');
    expect(mine.textContent).toContain('Quà hằng tháng: 10 × Vàng');
    const bar = screen.getByRole('progressbar', { name: 'Tiến độ lên hạng Bạc' });
    expect(bar.getAttribute('aria-valuenow')).toBe('120000');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('40%');
    // The table marks the player's tier and lists the perks of each.
    await waitFor(() => expect(screen.getByText('Hạng của bạn', { selector: 'span' })).toBeTruthy());
    expect(screen.getByText('Tặng thêm 10% vật phẩm mỗi gói nạp')).toBeTruthy();
    expect(screen.getByText('Mở 2 gói chỉ dành cho hạng này trở lên')).toBeTruthy();
    expect(screen.getByText(/Nghị định 147\/2024/)).toBeTruthy();
  });

  it('says when the tier is only kept for the month, and when it is the highest', async () => {
    standIn({
      'GET /me': ok(meSchema, player),
      'GET /vip/tiers': tiers,
      'GET /items/names': names,
      'GET /me/vip': ok(myVipSchema, { tier: silver, kept: true, paid: { '1': 0, '2': 0 }, next: null }),
    });
    renderPage(<VipPage />, { signedIn: player });
    expect((await screen.findByTestId('vip-current-tier')).textContent).toBe('Bạc');
    expect(screen.getByText(/Hạng được giữ đến hết tháng này/)).toBeTruthy();
    expect(screen.getByText('Bạn đang ở hạng cao nhất.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a signed-out visitor the tier table and a sign-in prompt, and never asks for a standing', async () => {
    const api = standIn({ 'GET /vip/tiers': tiers, 'GET /items/names': names });
    renderPage(<VipPage />);
    expect(await screen.findByText('Đăng nhập để xem hạng VIP của bạn và số tiền còn thiếu để lên hạng.')).toBeTruthy();
    expect(await screen.findByText('Nạp từ 300,000đ trong 180 ngày')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeTruthy();
    expect(api.callsTo('GET /me/vip')).toEqual([]);
  });
});
