import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadCleanup } from '../src/modules/uploads/cleanup';
import { imageStorage } from '../src/modules/uploads/image-storage';
import { deriveKey } from '../src/lib/keys';
import { createImageUrlSigner } from '../src/modules/uploads/signed-urls';
import { bearer, signIn, useTestApp } from './helpers';
import { animatedGif, fileTicket, jpegWithLocation, png, pngBomb, upload, userId } from './upload-helpers';

const uploadDir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
const ctx = useTestApp({ UPLOAD_DIR: uploadDir, TICKETS_PER_WINDOW: '100' });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const typeMessage = 'Hình ảnh không đúng định dạng (JPEG, JPG hoặc PNG)';
const URL_PATTERN = /^\/api\/uploads\/supports\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

let token = '';
let id = '';
let otherToken = '';
let otherId = '';

beforeAll(async () => {
  token = await signIn(ctx.app, 'player1', 'player123');
  id = await userId(ctx.app, token);
  otherToken = await signIn(ctx.app, 'player2', 'player123');
  otherId = await userId(ctx.app, otherToken);
});

const storedFiles = () => {
  try {
    return readdirSync(join(uploadDir, 'supports'));
  } catch {
    return [];
  }
};

const signer = () =>
  createImageUrlSigner(deriveKey(ctx.config.JWT_SECRET, 'ticket-image-url'), ctx.config.UPLOAD_URL_TTL_SECONDS);
/** Fetches an image the way a ticket's reader does: its owner files a ticket with it, which gives its signed address. */
async function fetchImage(url: string) {
  const { signedUrls } = await fileTicket(ctx.app, token, [url]);
  return ctx.app.inject({ method: 'GET', url: signedUrls[0]! });
}

describe('POST /api/upload/:id/public-images', () => {
  it('stores two images under server-made names and serves them with safe headers', async () => {
    const response = await upload(
      ctx.app,
      token,
      id,
      [
        { filename: '1700000000000-screen.png', contentType: 'image/png', body: await png() },
        { filename: '1700000000001-photo.jpg', contentType: 'image/jpeg', body: await jpegWithLocation() },
      ],
      { folder: 'supports' },
    );
    expect(response.statusCode).toBe(200);
    const files = response.json().data as { url: string; contentType: string; width: number }[];
    expect(files.map((file) => file.contentType)).toEqual(['image/png', 'image/jpeg']);
    expect(files[0]).toMatchObject({ width: 40, height: 30 });
    for (const file of files) expect(file.url).toMatch(URL_PATTERN);

    const served = await fetchImage(files[0]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('strips the location and camera metadata of a JPEG', async () => {
    const original = await jpegWithLocation();
    const before = await sharp(original).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the original.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await upload(ctx.app, token, id, [
      { filename: 'gps.jpg', contentType: 'image/jpeg', body: original },
    ]);
    expect(response.statusCode).toBe(200);
    const served = await fetchImage(response.json().data[0].url);
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(served.rawPayload.includes('SpyCam')).toBe(false);
    expect(served.rawPayload.includes('Tracker')).toBe(false);
  });

  it('accepts GIF and WebP, judged and re-encoded the same way', async () => {
    const canvas = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#fbc02d' } });
    const response = await upload(ctx.app, token, id, [
      { filename: 'a.gif', contentType: 'image/gif', body: await canvas().gif().toBuffer() },
      { filename: 'b.webp', contentType: 'image/webp', body: await canvas().webp().toBuffer() },
    ]);
    expect(response.statusCode).toBe(200);
    const files = response.json().data as { url: string; contentType: string }[];
    expect(files.map((file) => file.contentType)).toEqual(['image/gif', 'image/webp']);
    expect((await fetchImage(files[1]!.url)).headers['content-type']).toBe('image/webp');
  });

  it('refuses a script renamed .png', async () => {
    const before = storedFiles().length;
    const script = Buffer.from('<script>fetch("/api/me").then(r=>r.text()).then(alert)</script>\n');
    const response = await upload(ctx.app, token, id, [
      { filename: 'cute.png', contentType: 'image/png', body: script },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'api.validation',
      message: typeMessage,
      errors: { files: [typeMessage] },
    });

    const shell = Buffer.from('#!/bin/sh\nrm -rf /\n');
    const second = await upload(ctx.app, token, id, [{ filename: 'x.png', contentType: 'image/png', body: shell }]);
    expect(second.json().message).toBe(typeMessage);
    expect(storedFiles().length).toBe(before);
  });

  it('judges a PNG by its bytes, whatever type and name it declares', async () => {
    const response = await upload(ctx.app, token, id, [
      { filename: 'invoice.html', contentType: 'text/html', body: await png(10, 10) },
    ]);
    expect(response.statusCode).toBe(200);
    const [file] = response.json().data;
    expect(file.contentType).toBe('image/png');
    expect(file.url).toMatch(/\.png$/);
    expect((await fetchImage(file.url)).headers['content-type']).toBe('image/png');
  });

  it('refuses 4 files and stores none of them', async () => {
    const before = storedFiles().length;
    const image = await png(8, 8);
    const files = [1, 2, 3, 4].map((n) => ({ filename: `${n}.png`, contentType: 'image/png', body: image }));
    const response = await upload(ctx.app, token, id, files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'api.validation', message: 'Vui lòng chọn tối đa 3 file' });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an 11 MB file', async () => {
    const big = Buffer.concat([await png(8, 8), Buffer.alloc(11 * 1024 * 1024, 7)]);
    const response = await upload(ctx.app, token, id, [{ filename: 'big.png', contentType: 'image/png', body: big }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Vui lòng chọn hình ảnh có dung lượng bé hơn 10MB');
  });

  it('refuses a 20,000 x 20,000 image without decoding it', async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(10_000_000);
    const started = Date.now();
    const response = await upload(ctx.app, token, id, [{ filename: 'bomb.png', contentType: 'image/png', body: bomb }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Kích thước hình ảnh quá lớn, vui lòng chọn ảnh nhỏ hơn.');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a 49-megapixel animated GIF (frames x pixels) within half a second', async () => {
    const gif = await animatedGif(700, 700, 100);
    expect(gif.length).toBeLessThan(10_000_000);
    const started = performance.now();
    const response = await upload(ctx.app, token, id, [{ filename: 'anim.gif', contentType: 'image/gif', body: gif }]);
    const elapsed = performance.now() - started;
    console.warn(`49-MP animated GIF answered in ${Math.round(elapsed)} ms`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Kích thước hình ảnh quá lớn, vui lòng chọn ảnh nhỏ hơn.');
    expect(elapsed).toBeLessThan(500);
  });

  it('accepts an animated GIF within the frames x pixels limit', async () => {
    const gif = await animatedGif(300, 200, 20);
    const response = await upload(ctx.app, token, id, [{ filename: 'anim.gif', contentType: 'image/gif', body: gif }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ contentType: 'image/gif', width: 300, height: 200 });
  });

  it('neutralises a path-traversal file name', async () => {
    const before = new Set(storedFiles());
    const response = await upload(ctx.app, token, id, [
      { filename: '../../../../tmp/owned.png', contentType: 'image/png', body: await png(12, 12) },
      { filename: '..\\..\\evil.png', contentType: 'image/png', body: await png(12, 12) },
    ]);
    expect(response.statusCode).toBe(200);
    for (const file of response.json().data) expect(file.url).toMatch(URL_PATTERN);
    const added = storedFiles().filter((name) => !before.has(name));
    expect(added).toHaveLength(2);
    for (const name of added) expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(readdirSync(uploadDir)).toEqual(['supports']);
  });

  it('refuses another folder and an empty upload', async () => {
    const other = await upload(
      ctx.app,
      token,
      id,
      [{ filename: 'a.png', contentType: 'image/png', body: await png() }],
      {
        folder: '../avatars',
      },
    );
    expect(other.statusCode).toBe(400);
    const empty = await upload(ctx.app, token, id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('api.validation');
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${id}/public-images`,
      headers: bearer(token),
      payload: { files: [] },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it("refuses a guest, a tampered token and another player's id", async () => {
    const file = { filename: 'a.png', contentType: 'image/png', body: await png() };
    const guest = await upload(ctx.app, null, id, [file]);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('api.unauthorized');

    const [header, payload] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: otherId })).toString('base64url');
    const tampered = await upload(ctx.app, `${header}.${forged}.${token.split('.')[2]}`, otherId, [file]);
    expect(tampered.statusCode).toBe(401);

    const before = storedFiles().length;
    const intoOther = await upload(ctx.app, token, otherId, [file]);
    expect(intoOther.statusCode).toBe(403);
    expect(intoOther.json().code).toBe('api.forbidden');
    expect(storedFiles().length).toBe(before);
  });
});

describe('GET /api/uploads/:folder/:name', () => {
  it('answers api.error for unknown and crafted names', async () => {
    for (const url of [
      '/api/uploads/supports/00000000-0000-0000-0000-000000000000.png',
      '/api/uploads/supports/..%2F..%2Fpackage.json',
      '/api/uploads/..%2F..%2Fsrc/app.ts',
      '/api/uploads/supports/%2e%2e%2fsecret.png',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: signer().sign(url, randomUUID()) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('api.error');
    }
  });

  it('serves an image only at its signed address, privately, until it expires', async () => {
    const response = await upload(ctx.app, token, id, [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
    ]);
    const url = response.json().data[0].url as string;
    const ticket = await fileTicket(ctx.app, token, [url]);

    const served = await ctx.app.inject({ method: 'GET', url: ticket.signedUrls[0]! });
    expect(served.statusCode).toBe(200);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(served.headers['cache-control'] as string)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(ctx.config.UPLOAD_URL_TTL_SECONDS * 1.2);

    // Bare, even for the owner; expired; signed for another image; tampered; without its ticket, or
    // naming (with a right signature) a ticket that does not list it.
    const expired = signer().sign(url, ticket.id, Date.now() - 2 * ctx.config.UPLOAD_URL_TTL_SECONDS * 1000);
    const signedQuery = signer().sign(url, ticket.id).split('?')[1]!;
    const other = (
      await upload(ctx.app, token, id, [{ filename: 'b.png', contentType: 'image/png', body: await png() }])
    ).json().data[0].url as string;
    const otherTicket = await fileTicket(ctx.app, token, [other]);
    for (const attempt of [
      { url },
      { url, headers: bearer(token) },
      { url: expired },
      { url: `${other}?${signedQuery}` },
      {
        // The signature's first character flipped: always a different signature, never the same one by chance.
        url: signer()
          .sign(url, ticket.id)
          .replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
      },
      { url: `${url}?expires=99999999999&signature=` },
      {
        url: signer()
          .sign(url, ticket.id)
          .replace(/ticket=[^&]+&/, ''),
      },
      { url: signer().sign(url, otherTicket.id) },
    ]) {
      const refused = await ctx.app.inject({ method: 'GET', ...attempt });
      expect(refused.statusCode, attempt.url).toBe(404);
      expect(refused.json().code).toBe('api.error');
    }
  });
});

describe('cleanup of unattached images', () => {
  it('deletes, after a day, the images no ticket took, and keeps the attached ones', async () => {
    const uploaded = await upload(ctx.app, token, id, [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
      { filename: 'b.png', contentType: 'image/png', body: await png(20, 20) },
    ]);
    const [kept, dropped] = (uploaded.json().data as { url: string }[]).map((file) => file.url);
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(token),
      payload: {
        type: '1',
        incidentTime: 'hôm qua',
        device: 'iPhone 13',
        title: 'Ảnh đính kèm',
        description: 'Một ảnh',
        filesUrl: [{ url: kept }],
      },
    });
    expect(ticket.statusCode).toBe(200);
    const names = [kept!, dropped!].map((url) => url.split('/').pop()!);
    expect(names.every((name) => storedFiles().includes(name))).toBe(true);

    const cleanup = createUploadCleanup({
      db: ctx.database.db,
      storage: imageStorage(ctx.config),
      log: { info: () => undefined, error: () => undefined },
      maxAgeHours: 24,
    });
    expect(await cleanup.sweep(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(storedFiles()).toContain(names[1]);
    expect(await cleanup.sweep(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(storedFiles()).toContain(names[0]);
    expect(storedFiles()).not.toContain(names[1]);
    const [keptUrl] = ticket.json().data.filesUrl as { url: string }[];
    expect((await ctx.app.inject({ method: 'GET', url: keptUrl!.url })).statusCode).toBe(200);
  });
});
