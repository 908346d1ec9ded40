import { existsSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createArtSweep, imageStorage } from '../src/modules/uploads';
import { bearer, signIn, testConfig, useTestApp, type TestContext } from './helpers';
import { S3_BUCKET, startS3StandIn } from './stand-ins/s3';
import { order } from './store-helpers';
import { multipart, png } from './upload-helpers';

// The worker's sweep of public pictures nothing uses (packs' art, home slides, news covers): a picture
// named by a pack (draft or published, options included), an order, a slide or an article stays;
// an unnamed one older than UPLOAD_UNUSED_ART_HOURS goes; a younger one stays; a listing or a
// reference that cannot be read deletes nothing. On the local disk and on S3 (paged listings).

const uploadDir = mkdtempSync(join(tmpdir(), 'carabala-art-'));
const local = useTestApp({ UPLOAD_DIR: uploadDir });
// Two objects a page: the sweep must follow the continuation tokens.
const s3 = await startS3StandIn({ pageSize: 2 });
afterAll(() => s3.close());
const onS3 = useTestApp(s3.env);

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const twoDaysAgo = () => new Date(Date.now() - 48 * 3_600_000);
const partsOf = (path: string) => path.split('/').slice(3) as [string, string];

interface Bucket {
  /** Makes a stored picture look written two days ago. */
  age(path: string): void;
  has(path: string): boolean;
}

const disk: Bucket = {
  age: (path) => utimesSync(join(uploadDir, ...partsOf(path)), twoDaysAgo(), twoDaysAgo()),
  has: (path) => existsSync(join(uploadDir, ...partsOf(path))),
};
const bucket: Bucket = {
  age: (path) => {
    s3.objects.get(`${S3_BUCKET}/${partsOf(path).join('/')}`)!.lastModified = twoDaysAgo();
  },
  has: (path) => s3.objects.has(`${S3_BUCKET}/${partsOf(path).join('/')}`),
};

function sweepScenario(ctx: TestContext, store: Bucket) {
  let admin = '';
  const call = async (method: InjectOptions['method'], url: string, payload?: object) => {
    admin ||= await signIn(ctx.app, 'admin1', 'admin123');
    const response = await ctx.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const uploadTo = async (url: string) => {
    admin ||= await signIn(ctx.app, 'admin1', 'admin123');
    const body = multipart([{ field: 'file', filename: 'a.png', contentType: 'image/png', body: await png(64, 48) }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, ...bearer(admin) },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const packArt = () => uploadTo('/api/internal/catalogue/art') as Promise<{ thumbnail: string; banner: string }>;
  const pack = { tab: 'flash-sale', price: 100_000, items: [{ itemId: 'diamond', quantity: 10 }] };

  return async () => {
    // A draft pack's art, and a draft selectable pack's option banner.
    const draftArt = await packArt();
    await call('POST', '/api/internal/catalogue/packs', { ...pack, title: 'Nháp', art: draftArt });
    const optionArt = await packArt();
    await call('POST', '/api/internal/catalogue/packs', {
      ...pack,
      title: 'Tùy chọn',
      options: [
        { title: 'A', value: 10_000, items: [{ itemId: 'gold', quantity: 1 }], banner: optionArt.banner },
        { title: 'B', value: 20_000, items: [{ itemId: 'gold', quantity: 2 }] },
      ],
    });
    // A published pack ordered, then given other art and published again: the order keeps its card.
    const orderedArt = await packArt();
    const sold = await call('POST', '/api/internal/catalogue/packs', { ...pack, title: 'Đã bán', art: orderedArt });
    await call('POST', `/api/internal/catalogue/packs/${sold.id}/publish`);
    await order(ctx.app, '8805678', sold.id);
    const newArt = await packArt();
    await call('PUT', `/api/internal/catalogue/packs/${sold.id}`, { ...pack, title: 'Đã bán', art: newArt });
    await call('POST', `/api/internal/catalogue/packs/${sold.id}/publish`);
    // A published home slide, a draft article's cover, an article's body.
    const { image } = await uploadTo('/api/internal/home/art?kind=banner');
    const slide = await call('POST', '/api/internal/home/slides', { section: 'banner', title: 'Sự kiện', image });
    await call('POST', `/api/internal/home/slides/${slide.id}/publish`);
    const { coverImage } = await uploadTo('/api/internal/news/cover');
    const { coverImage: inBody } = await uploadTo('/api/internal/news/cover');
    await call('POST', '/api/internal/news', {
      slug: `anh-bia-${Date.now()}`,
      title: 'Bài nháp',
      coverImage,
      body: `Ảnh: ![](${inBody})`,
      category: 'updates',
    });
    // Uploaded and never used: an old one, a young one (staff may still be filling in their form).
    const abandoned = await packArt();
    const justUploaded = await uploadTo('/api/internal/home/art?kind=feature');

    const kept = [draftArt.thumbnail, draftArt.banner, optionArt.banner, orderedArt.thumbnail, image, coverImage];
    const unused = [abandoned.thumbnail, abandoned.banner, optionArt.thumbnail, orderedArt.banner];
    for (const path of [...kept, ...unused, inBody, newArt.thumbnail]) store.age(path);

    // A reference that cannot be read deletes nothing.
    const storage = imageStorage(ctx.config);
    const failing = createArtSweep({
      db: ctx.database.db,
      storage,
      log: silent,
      graceHours: 24,
      references: [async () => [], () => Promise.reject(new Error('database away'))],
    });
    await expect(failing.sweep()).rejects.toThrow('database away');
    for (const path of unused) expect(store.has(path), path).toBe(true);

    expect(await ctx.app.services.artSweep.sweep()).toBe(unused.length);
    for (const path of [...kept, inBody, newArt.thumbnail, newArt.banner, justUploaded.image]) {
      expect(store.has(path), path).toBe(true);
    }
    for (const path of unused) expect(store.has(path), path).toBe(false);
    expect(await ctx.app.services.artSweep.sweep()).toBe(0);
    // The young picture goes once it is past the grace period and still unused.
    expect(await ctx.app.services.artSweep.sweep(new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect(store.has(justUploaded.image)).toBe(false);
    expect(store.has(coverImage)).toBe(true);
  };
}

describe('the sweep of unused public pictures', () => {
  it(
    'on the local disk keeps what a pack, an option, an order, a slide or an article names',
    sweepScenario(local, disk),
  );

  it('on S3 does the same, following paged listings', async () => {
    const lists = s3.state.lists;
    await sweepScenario(onS3, bucket)();
    // Four sweeps of three folders, the packs' over several pages of two.
    expect(s3.state.lists - lists).toBeGreaterThan(20);
  });

  it('on S3 deletes nothing when a listing fails', async () => {
    const sweep = createArtSweep({
      db: onS3.database.db,
      storage: imageStorage(onS3.config),
      log: silent,
      graceHours: 1,
      references: [async () => []],
    });
    const before = s3.objects.size;
    s3.state.failLists = true;
    try {
      await expect(sweep.sweep(new Date(Date.now() + 100 * 3_600_000))).rejects.toThrow(/S3 GET .* answered 500/);
    } finally {
      s3.state.failLists = false;
    }
    expect(s3.objects.size).toBe(before);
  });

  it('takes its grace period from UPLOAD_UNUSED_ART_HOURS, at least an hour', () => {
    expect(testConfig({}).UPLOAD_UNUSED_ART_HOURS).toBe(24);
    expect(testConfig({ UPLOAD_UNUSED_ART_HOURS: '72' }).UPLOAD_UNUSED_ART_HOURS).toBe(72);
    expect(() => testConfig({ UPLOAD_UNUSED_ART_HOURS: '0' })).toThrow(/UPLOAD_UNUSED_ART_HOURS/);
  });
});
