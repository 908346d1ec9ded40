import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../src/catalogue';
import { formatCount } from '../src/labels';

const publicDir = join(import.meta.dirname, '../../../apps/web/public');
const read = (path: string) => readFileSync(join(publicDir, path));
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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

describe('pack art (apps/web/art/draw-art.mjs)', () => {
  const productIds = catalogue.flatMap((pack) => [pack.id, ...(pack.options ?? []).map((option) => option.id)]);

  it('has a WebP banner at /shop/banner-{productId}.webp for every product, options included', async () => {
    for (const id of new Set(productIds)) {
      const pack = catalogue.find((entry) => entry.id === id);
      if (pack) expect(pack.banner).toBe(`/shop/banner-${id}.webp`);
      const metadata = await sharp(read(`shop/banner-${id}.webp`)).metadata();
      expect(metadata.format, `banner-${id}`).toBe('webp');
      expect(metadata.width! / metadata.height!).toBeCloseTo(8 / 3, 1);
    }
  });

  it('draws a different thumbnail for every pack and a different banner for every product', () => {
    const thumbs = catalogue.map((pack) => digest(read(pack.thumbnails[0]!.slice(1))));
    expect(new Set(thumbs).size).toBe(catalogue.length);
    const banners = [...new Set(productIds)].map((id) => digest(read(`shop/banner-${id}.webp`)));
    expect(new Set(banners).size).toBe(new Set(productIds).size);
  });

  it('grows the currency packs with the amount', async () => {
    const currency = catalogue.filter((pack) => pack.tab === 'tien-te').sort((a, b) => a.price - b.price);
    const drawn = await Promise.all(currency.map((pack) => coverage(pack.thumbnails[0]!.slice(1))));
    for (let i = 1; i < drawn.length; i += 1) {
      expect(drawn[i], `${currency[i]!.title} vs ${currency[i - 1]!.title}`).toBeGreaterThan(drawn[i - 1]!);
    }
  });

  it('titles numbers in the comma style', () => {
    expect(catalogue.find((pack) => pack.id === 605)!.title).toBe('1,350 Kim Cương');
    expect(catalogue.some((pack) => /\d\.\d{3}/.test(pack.title))).toBe(false);
    expect(formatCount(2_000_000)).toBe('2,000,000');
  });
});
