import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from './helpers';
import { png, upload, userId } from './upload-helpers';

const uploadDir = mkdtempSync(join(tmpdir(), 'upload-bounds-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
// One upload per window: the second is past the quota.
const ctx = useTestApp({ UPLOAD_DIR: uploadDir, UPLOADS_PER_WINDOW: '1' });
let port = 0;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});

/**
 * Sends an upload's headers declaring `length` bytes and never the body, over a real connection:
 * answers the status and JSON the API sent, or null when it waited for the body instead.
 */
function headersOnly(path: string, token: string, length: number) {
  return new Promise<{ status: number; body: { code: string; message: string } } | null>((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${length}\r\n\r\n`,
      ),
    );
    const done = (answer: { status: number; body: { code: string; message: string } } | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), 3000);
    socket.on('data', (chunk) => {
      received += String(chunk);
      const [head, body] = received.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1]);
      if (body !== undefined && Buffer.byteLength(body) >= length) {
        done({ status: Number(head!.split(' ')[1]), body: JSON.parse(body) });
      }
    });
  });
}

describe('an upload is refused before its body is read', () => {
  it('refuses a player past the quota with api.rate_limited, reading none of the body', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    const id = await userId(ctx.app, token);
    const first = await upload(ctx.app, token, id, [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
    ]);
    expect(first.statusCode).toBe(200);
    // 29.7 MB declared (3 x 9.9 MB), none sent: the answer comes without the body.
    for (const path of [`/api/upload/${id}/public-images`, '/api/upload']) {
      expect(await headersOnly(path, token, 29_700_000)).toMatchObject({
        status: 429,
        body: { code: 'api.rate_limited', message: 'Bạn tải ảnh lên quá nhiều, vui lòng thử lại sau.' },
      });
    }
  });

  it('refuses a body declared larger than 3 images of 10 MB at once, for players and staff', async () => {
    const player = await signIn(ctx.app, 'player2', 'player123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const tooLarge = {
      status: 413,
      body: { code: 'api.validation', message: 'Vui lòng chọn hình ảnh có dung lượng bé hơn 10MB' },
    };
    expect(await headersOnly('/api/upload', player, 40_000_000)).toMatchObject(tooLarge);
    expect(await headersOnly('/api/internal/news/cover', admin, 40_000_000)).toMatchObject(tooLarge);
    // The player's quota was not used by the refusal.
    const id = await userId(ctx.app, player);
    const next = await upload(ctx.app, player, id, [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
    ]);
    expect(next.statusCode).toBe(200);
  });
});
