import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { multipart, png, userId } from './upload-helpers';

/** The inputs that once answered 500, each refused with the envelope's api.validation. */
const ctx = useTestApp();

let player = '';
let staff = '';
let playerId = '';

beforeAll(async () => {
  player = await signIn(ctx.app, 'player1', 'player123');
  staff = await signIn(ctx.app, 'admin1', 'admin123');
  playerId = await userId(ctx.app, player);
});

const expectValidation = (response: { statusCode: number; json(): { code: string } }) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe('api.validation');
};

describe('a NUL byte never reaches the database', () => {
  it('is refused in a path parameter', async () => {
    expectValidation(await ctx.app.inject({ method: 'GET', url: '/api/news/a%00b' }));
  });

  it('is refused in the login username and deviceId', async () => {
    for (const payload of [
      { username: 'play\u0000er1', password: 'player123', deviceId: 'carabala.web.x' },
      { username: 'player1', password: 'player123', deviceId: 'carabala\u0000web' },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/carabala', payload });
      expectValidation(response);
      expect(Object.values(response.json().errors ?? {}).flat()).toContain('Dữ liệu chứa ký tự không hợp lệ.');
    }
  });

  it('is refused in a purchase, a ticket search and an audit filter', async () => {
    expectValidation(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/transactions/bank',
        headers: bearer(player),
        payload: { shortId: '880\u00001234', productId: 1 },
      }),
    );
    expectValidation(
      await ctx.app.inject({ method: 'GET', url: '/api/tickets/me/find-many?q=a%00b', headers: bearer(player) }),
    );
    expectValidation(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/internal/audit/find-many',
        headers: bearer(staff),
        payload: { action: 'user.\u0000' },
      }),
    );
  });

  it('is refused in an object key', async () => {
    expectValidation(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/carabala',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":"player1","password":"player123","deviceId":"x","a\\u0000":1}',
      }),
    );
  });
});

describe('refinements never throw', () => {
  it('refuses a redirectUri that is not a URL on sign-in and on linking', async () => {
    const body = { code: 'x', nonce: 'n'.repeat(16), redirectUri: 'not a url' };
    expectValidation(await ctx.app.inject({ method: 'POST', url: '/api/auth/google', payload: body }));
    expectValidation(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/identities/google',
        headers: bearer(player),
        payload: body,
      }),
    );
  });
});

describe('broken requests are the client fault', () => {
  it('refuses a truncated or malformed multipart upload with api.validation', async () => {
    const body = multipart([{ filename: 'a.png', contentType: 'image/png', body: await png(400, 300) }], {
      folder: 'supports',
    });
    const url = `/api/upload/${playerId}/public-images`;
    for (const cut of [0.2, 0.6, 0.99]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, ...bearer(player) },
        payload: body.payload.subarray(0, Math.floor(body.payload.length * cut)),
      });
      expectValidation(response);
    }
    const noBoundary = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data', ...bearer(player) },
      payload: '--x\r\n',
    });
    expectValidation(noBoundary);
  });

  it('refuses a broken percent-encoding and an over-long path parameter with the envelope', async () => {
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/news/%zz' });
    expectValidation(broken);
    const long = await ctx.app.inject({ method: 'GET', url: `/api/news/${'a'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json().code).toBe('api.validation');
  });
});
