// @vitest-environment happy-dom
import {
  meSchema,
  pointsHistorySchema,
  pointsRedemptionSchema,
  pointsShopSchema,
  pointsSummarySchema,
} from '@carabala/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PointsPage } from '@/features/points/points-page';
import { PointsShop } from '@/features/points/points-shop';
import { ok, refused, standIn } from './support/api-stand-in';
import { player, renderPage } from './support/render';

/** "Điểm tích lũy" and "Đổi điểm": the balance, the ledger in sentences, the shop's confirm and its answers. */

const summary = (balance: number) => () =>
  ok(pointsSummarySchema, { balance, expiringSoon: null, rate: 2, expiryMonths: 12 });

const shop = () =>
  ok(pointsShopSchema, {
    items: [
      {
        id: 1,
        title: 'Rương Anh Hùng',
        items: [{ itemId: 'hero_chest', quantity: 2, name: 'Rương anh hùng' }],
        price: 120,
        left: null,
        perPlayerLimit: null,
        mine: 0,
      },
      {
        id: 2,
        title: 'Quà đắt',
        items: [{ itemId: 'gold', quantity: 1, name: null }],
        price: 9_000,
        left: 3,
        perPlayerLimit: null,
        mine: 0,
      },
    ],
  });

describe('the points page', () => {
  it('shows the balance, what expires soon and each ledger line as a sentence', async () => {
    standIn({
      'GET /me': ok(meSchema, player),
      'GET /points': ok(pointsSummarySchema, {
        balance: 1_234,
        expiringSoon: { points: 58, at: '2026-12-20T03:00:00.000Z' },
        rate: 2,
        expiryMonths: 12,
      }),
      'GET /points/history?page=1&pageSize=20': ok(pointsHistorySchema, {
        items: [
          {
            id: 3,
            kind: 'redeem',
            points: -120,
            about: 'Rương Anh Hùng',
            createdAt: '2026-11-28T10:00:00.000Z',
            expiresAt: null,
          },
          {
            id: 2,
            kind: 'adjust',
            points: 300,
            about: 'Bù lỗi',
            createdAt: '2026-11-27T10:00:00.000Z',
            expiresAt: null,
          },
          {
            id: 1,
            kind: 'earn',
            points: 158,
            about: 'NAP123ABC',
            createdAt: '2026-11-26T10:00:00.000Z',
            expiresAt: '2027-11-26T10:00:00.000Z',
          },
        ],
        total: 3,
        page: 1,
        pageSize: 20,
      }),
    });
    renderPage(<PointsPage />, { signedIn: player });
    expect((await screen.findByTestId('points-balance')).textContent).toBe('1,234 điểm');
    expect(screen.getByTestId('points-expiring').textContent).toBe('58 điểm sẽ hết hạn từ 10:00 20/12/2026.');
    const lines = within(await screen.findByTestId('points-history')).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('p')?.textContent)).toEqual([
      'Dùng 120 điểm đổi “Rương Anh Hùng”',
      'Được cộng 300 điểm: Bù lỗi',
      'Nhận 158 điểm từ giao dịch NAP123ABC',
    ]);
    expect(screen.getByText(/Nghị định 147\/2024/)).toBeTruthy();
  });
});

describe('the points shop', () => {
  it('redeems after a confirmation and says where the reward goes; an item dearer than the balance cannot be chosen', async () => {
    const api = standIn({
      'GET /me': ok(meSchema, player),
      'GET /points': summary(300),
      'GET /points/shop': shop,
      'POST /points/shop/1/redeem': ok(pointsRedemptionSchema, {
        id: 'r-1',
        title: 'Rương Anh Hùng',
        price: 120,
        balance: 180,
        mailId: 'm-1',
      }),
    });
    const page = renderPage(<PointsShop />, { signedIn: player });
    const [first, dear] = await screen.findAllByTestId('shop-redeem');
    expect(dear!.hasAttribute('disabled')).toBe(true);
    expect(dear!.textContent).toBe('Chưa đủ điểm');
    await page.user.click(first!);
    expect(screen.getByText(/Dùng 120 điểm để đổi “Rương Anh Hùng”\?/)).toBeTruthy();
    expect(api.callsTo('POST /points/shop/1/redeem')).toEqual([]);
    api.answer('GET /points', summary(180));
    await page.user.click(screen.getByTestId('redeem-confirm'));
    const outcome = await screen.findByTestId('redeem-outcome');
    expect(outcome.getAttribute('role')).toBe('status');
    expect(outcome.textContent).toBe(
      'Đã đổi “Rương Anh Hùng”. Quà đang được gửi vào hộp thư trong game; bạn còn 180 điểm.',
    );
    expect(api.callsTo('POST /points/shop/1/redeem')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('shop-balance').textContent).toBe('180 điểm'));
  });

  it('says a refusal in Vietnamese', async () => {
    standIn({
      'GET /me': ok(meSchema, player),
      'GET /points': summary(300),
      'GET /points/shop': shop,
      'POST /points/shop/1/redeem': refused(409, {
        code: 'api.points.out_of_stock',
        message: 'Quà này đã hết.',
        key: 'api.points.out_of_stock',
      }),
    });
    const page = renderPage(<PointsShop />, { signedIn: player });
    await page.user.click((await screen.findAllByTestId('shop-redeem'))[0]!);
    await page.user.click(screen.getByTestId('redeem-confirm'));
    const outcome = await screen.findByTestId('redeem-outcome');
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(outcome.textContent).toBe('Quà này đã hết.');
  });
});
