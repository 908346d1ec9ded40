import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyGameCall } from '@carabala/contracts/game-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSignInLink, sendPlayerEvent, SiteCallError } from '../site-calls';

const secret = 'callback-test-secret-0123456789';
const received: { path: string; body: unknown }[] = [];
let siteUrl: string;

/** A minimal site side: checks the signature over the path received and answers in the site's envelope. */
const site = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, envelope: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(envelope));
    };
    const check = verifyGameCall(secret, req.headers, { method: req.method ?? '', path, body });
    if (!check.ok) return send(401, { code: `api.game.${check.reason}`, message: 'Chữ ký không hợp lệ.' });
    received.push({ path, body: JSON.parse(body) });
    if (path === '/api/game/v1/sign-in-links') {
      return send(200, { code: 'api.success', data: { url: `${siteUrl}/x/once`, expiresAt: '2026-01-01T00:02:00Z' } });
    }
    if (path === '/api/game/v1/player-events') return send(200, { code: 'api.success', data: { applied: true } });
    send(404, { code: 'api.error' });
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe("the game's calls to the site (tools/game/site-calls.ts)", () => {
  it('signs a sign-in link request over /api/game/v1/sign-in-links and reads the envelope', async () => {
    const link = await requestSignInLink(siteUrl, secret, { playerId: 'gp-1001' });
    expect(link).toEqual({ url: `${siteUrl}/x/once`, expiresAt: '2026-01-01T00:02:00Z' });
    expect(received.at(-1)).toEqual({
      path: '/api/game/v1/sign-in-links',
      body: { playerId: 'gp-1001', path: '/store' },
    });
  });

  it('sends a player event, signed', async () => {
    const event = { eventId: 'ev-1', kind: 'banned', playerId: 'gp-1005' } as const;
    expect(await sendPlayerEvent(siteUrl, secret, event)).toEqual({ applied: true });
    expect(received.at(-1)).toEqual({ path: '/api/game/v1/player-events', body: event });
  });

  it("reports the site's refusal with its status and code", async () => {
    const refused = await requestSignInLink(siteUrl, 'not-the-callback-secret', { playerId: 'gp-1001' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SiteCallError);
    expect(refused).toMatchObject({ status: 401, code: 'api.game.signature' });
  });

  it('refuses to ask for a link to another site', async () => {
    await expect(requestSignInLink(siteUrl, secret, { playerId: 'gp-1001', path: '//evil.example' })).rejects.toThrow();
  });
});
