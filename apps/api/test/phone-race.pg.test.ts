import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { startSmsGateway } from './stand-ins/sms-gateway';

/**
 * On PostgreSQL (decision record 057): twenty concurrent entries of one right code verify the number
 * once; twenty concurrent asks for a code send one (the throttle's locks).
 */
const GATEWAY_TOKEN = 'sms-gateway-token-race';
const gateway = await startSmsGateway(GATEWAY_TOKEN);
afterAll(() => gateway.close());
const ctx = useTestApp({ SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url, SMS_HTTP_TOKEN: GATEWAY_TOKEN });

describe('phone codes under concurrency', () => {
  it('sends one code for twenty concurrent asks, and verifies with it once for twenty concurrent entries', async () => {
    await queryRows(ctx, sql`UPDATE users SET phone = '+84977000001' WHERE username = 'player1' RETURNING id`);
    const token = await signIn(ctx.app, 'player1', 'player123');
    const asks = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/phone/codes', headers: bearer(token), payload: {} }),
      ),
    );
    expect(asks.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(asks.filter((answer) => answer.json().code === 'api.phone.wait')).toHaveLength(19);
    expect(gateway.received.filter((sms) => sms.to === '+84977000001')).toHaveLength(1);

    const code = gateway.codeFor('+84977000001');
    const entries = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/phone/verify', headers: bearer(token), payload: { code } }),
      ),
    );
    expect(entries.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(entries.filter((answer) => answer.json().code === 'api.phone.code_expired')).toHaveLength(19);
    const [row] = await queryRows<{ used: number }>(
      ctx,
      sql`SELECT count(*)::int AS used FROM phone_codes WHERE used_at IS NOT NULL`,
    );
    expect(row!.used).toBe(1);
  });
});
