import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemIds } from '@carabala/contracts/catalogue';
import type { Pack } from '@carabala/contracts/catalogue';
import { formatCount, itemLabels } from '@carabala/contracts/labels';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

// Today's catalogue is the seeded default of the packs table (migration 0010, decision record 034):
// these are the checks the fixed catalogue had, now made on what the store reads.

const ctx = useTestApp();
let packs: Pack[];
beforeAll(async () => {
  packs = (await ctx.app.inject({ method: 'GET', url: '/api/store/packs' })).json().data.packs;
});

const publicDir = join(import.meta.dirname, '../../web/public');
const read = (path: string) => readFileSync(join(publicDir, path));
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const productIdsOf = (list: Pack[]) =>
  list.flatMap((pack) => (pack.isSelect ? pack.options!.map((option) => option.id) : [pack.id]));

/** The share of a picture's pixels that are not its background gradient (far from the corner colours). */
async function coverage(path: string) {
  const { data, info } = await sharp(read(path)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const background = [at(20, 20), at(info.width - 20, info.height - 20), at(info.width / 2, 20)];
  let drawn = 0;
  for (let y = 0; y < info.height * 0.8; y += 2) {
    for (let x = 0; x < info.width; x += 2) {
      const pixel = at(x, y);
      const distance = Math.min(...background.map((b) => Math.hypot(...pixel.map((v, k) => v - b[k]!))));
      if (distance > 90) drawn += 1;
    }
  }
  return drawn;
}

describe('the seeded catalogue', () => {
  it('fills the six tabs in the old order with unique ids and the example prices', () => {
    expect(packs.map((pack) => pack.id)).toEqual([
      101, 102, 103, 104, 105, 201, 202, 203, 204, 301, 302, 303, 304, 401, 402, 403, 44, 501, 502, 503, 46, 601, 602,
      603, 604, 605, 606, 607, 608,
    ]);
    expect([...new Set(packs.map((pack) => pack.tab))]).toEqual([
      'tieu-bieu',
      'flash-sale',
      'ba-bich',
      'boc-tham',
      'chu-de',
      'tien-te',
    ]);
    const ids = productIdsOf(packs);
    expect(new Set(ids).size).toBe(ids.length);
    const prices = new Set(packs.flatMap((pack) => [pack.price, ...(pack.options ?? []).map((o) => o.value)]));
    for (const price of [49_000, 79_000, 109_000, 129_000, 249_000, 299_000, 499_000, 799_000, 1_299_000, 2_499_000]) {
      expect(prices.has(price)).toBe(true);
    }
  });

  it('keeps the combined packs 4445 and 4647 inside their selectable cards, and the limits', () => {
    const boc = packs.find((pack) => pack.id === 44)!;
    expect(boc.isSelect).toBe(true);
    expect(boc.price).toBe(49_000);
    expect(boc.options!.find((option) => option.id === 4445)).toMatchObject({ value: 109_000 });
    expect(packs.find((pack) => pack.id === 46)!.options!.find((option) => option.id === 4647)!.items).toHaveLength(2);
    expect(packs.find((pack) => pack.id === 201)!.limit).toEqual({ kind: 'daily' });
    expect(packs.find((pack) => pack.id === 105)!.limit).toEqual({ kind: 'monthly', group: 'gold' });
  });

  it('names every item a pack delivers', () => {
    const items = packs.flatMap((pack) => [...pack.items, ...(pack.options ?? []).flatMap((o) => o.items)]);
    for (const entry of items) {
      expect(itemIds).toContain(entry.itemId);
      expect(itemLabels[entry.itemId], entry.itemId).toBeTruthy();
    }
  });

  it('titles numbers in the comma style', () => {
    expect(packs.find((pack) => pack.id === 605)!.title).toBe('1,350 Kim Cương');
    expect(packs.some((pack) => /\d\.\d{3}/.test(pack.title))).toBe(false);
    expect(formatCount(2_000_000)).toBe('2,000,000');
  });
});

describe('pack art (apps/web/art/draw-art.mjs)', () => {
  it('has a WebP banner at /shop/banner-{productId}.webp for every product, options included', async () => {
    for (const pack of packs) expect(pack.art?.banner).toBe(`/shop/banner-${pack.id}.webp`);
    for (const option of packs.flatMap((pack) => pack.options ?? [])) {
      expect(option.banner).toBe(`/shop/banner-${option.id}.webp`);
    }
    for (const id of new Set([...packs.map((pack) => pack.id), ...productIdsOf(packs)])) {
      const metadata = await sharp(read(`shop/banner-${id}.webp`)).metadata();
      expect(metadata.format, `banner-${id}`).toBe('webp');
      expect(metadata.width! / metadata.height!).toBeCloseTo(8 / 3, 1);
    }
  });

  it('draws a different thumbnail for every pack and a different banner for every product', () => {
    const thumbs = packs.map((pack) => digest(read(pack.art!.thumbnail.slice(1))));
    expect(new Set(thumbs).size).toBe(packs.length);
    const ids = [...new Set([...packs.map((pack) => pack.id), ...productIdsOf(packs)])];
    const banners = ids.map((id) => digest(read(`shop/banner-${id}.webp`)));
    expect(new Set(banners).size).toBe(ids.length);
  });

  it('grows the currency packs with the amount', async () => {
    const currency = packs.filter((pack) => pack.tab === 'tien-te').sort((a, b) => a.price - b.price);
    const drawn = await Promise.all(currency.map((pack) => coverage(pack.art!.thumbnail.slice(1))));
    for (let i = 1; i < drawn.length; i += 1) {
      expect(drawn[i], `${currency[i]!.title} vs ${currency[i - 1]!.title}`).toBeGreaterThan(drawn[i - 1]!);
    }
  });
});
