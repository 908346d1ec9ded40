import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/modules/uploads/storage';
import { signIn, useTestApp } from './helpers';
import { png, upload, userId } from './upload-helpers';

/**
 * Storage faults are the server's, not the player's (decision 025). The fault is a real one of the
 * filesystem: the upload folder's parent is a file (ENOTDIR), which stops root as well as anyone,
 * where a read-only mode would not.
 */
const root = mkdtempSync(join(tmpdir(), 'uploads-faults-'));
const parent = join(root, 'volume');
const uploadDir = join(parent, 'uploads');
const ctx = useTestApp({ UPLOAD_DIR: uploadDir, UPLOADS_PER_WINDOW: '2' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

let token = '';
let id = '';
beforeAll(async () => {
  token = await signIn(ctx.app, 'player1', 'player123');
  id = await userId(ctx.app, token);
});

const filesUnder = (folder: string): string[] => {
  try {
    return readdirSync(folder, { recursive: true }) as string[];
  } catch {
    return [];
  }
};
const send = async () =>
  upload(ctx.app, token, id, [{ filename: 'a.png', contentType: 'image/png', body: await png() }]);

describe('a store that cannot be written', () => {
  it('answers 503 without using the upload quota, and /api/ready names the store', async () => {
    writeFileSync(parent, 'not a folder');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const failed = await send();
      expect(failed.statusCode).toBe(503);
      expect(failed.headers['retry-after']).toBe('5');
      expect(failed.json()).toEqual({ code: 'api.unavailable', message: 'Hệ thống đang bận, vui lòng thử lại sau.' });
    }
    const ready = await ctx.app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      code: 'api.unavailable',
      data: { status: 'storage not writable', checks: { database: 'ok', storage: 'failed' } },
    });

    // Repaired: the player still has the whole quota of two uploads, then the limit holds.
    rmSync(parent);
    mkdirSync(parent);
    expect((await ctx.app.inject('/api/ready')).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
    // Two images, and nothing of the failed attempts or of the readiness probe.
    expect(filesUnder(join(uploadDir, 'supports'))).toHaveLength(2);
    expect(filesUnder(uploadDir).filter((name) => name.endsWith('.part') || name.endsWith('.probe'))).toEqual([]);
  });

  it('leaves no temporary .part file when the write fails after it began', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'uploads-part-'));
    try {
      // The final name is taken by a folder with something in it: the .part is written, the rename fails.
      mkdirSync(join(folder, 'supports', 'taken.png', 'inside'), { recursive: true });
      await expect(localStorage(folder).put('supports', 'taken.png', await png(), 'image/png')).rejects.toThrow();
      expect(readdirSync(join(folder, 'supports'))).toEqual(['taken.png']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
