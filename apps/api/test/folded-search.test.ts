import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { order } from './store-helpers';

const ctx = useTestApp();

const find = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await ctx.app.inject({ method, url, headers: bearer(token), payload });
  expect(response.statusCode).toBe(200);
  return response.json().data.items as Record<string, unknown>[];
};

describe('console searches ignore case and Vietnamese diacritics', () => {
  it('finds players, orders, gift codes and news by words typed without marks', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');

    for (const q of ['ngoc', 'NGỌC', 'tran bao', 'Bảo Ngoc']) {
      const players = await find(admin, 'POST', '/api/internal/users/find-many', { q });
      expect(
        players.map((player) => player.shortId),
        q,
      ).toContain('8805678');
    }
    // Every word must match: "ngoc" and "huy" belong to two different players.
    expect(await find(admin, 'POST', '/api/internal/users/find-many', { q: 'ngoc huy' })).toEqual([]);
    // A LIKE wildcard is a plain character.
    expect(await find(admin, 'POST', '/api/internal/users/find-many', { q: '%' })).toEqual([]);

    const { code } = await order(ctx.app, '8805678', 601);
    const orders = await find(admin, 'POST', '/api/internal/transactions/find-many', { q: 'bao ngoc' });
    expect(orders.map((row) => row.code)).toContain(code);
    expect(orders.every((row) => (row.receiver as { shortId: string }).shortId === '8805678')).toBe(true);

    const codes = await find(admin, 'POST', '/api/internal/gift-codes/find-many', { search: 'li xi tet' });
    expect(codes.map((row) => row.name)).toEqual(['Lì xì Tết 2025']);

    const news = await find(admin, 'GET', `/api/internal/news?q=${encodeURIComponent('bao tri may chu')}`);
    // The day in the title is the seeded maintenance day (the demo is dated from the seed day).
    expect(news.map((row) => row.title)).toEqual([
      expect.stringMatching(/^Thông báo bảo trì máy chủ ngày \d\d\/\d\d$/),
    ]);
    expect(await find(admin, 'GET', '/api/internal/news?q=khong-co-bai-nay')).toEqual([]);
  });
});
