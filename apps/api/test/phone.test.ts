import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { startSmsGateway } from './stand-ins/sms-gateway';

/**
 * Phone verification by SMS through the generic HTTP provider, against a gateway stand-in on 127.0.0.1
 * (decision record 057): codes sent, kept hashed, working once for their account and number only, the
 * throttle with its wait, a change of number, the guardian's number, and a gateway that fails.
 */
const GATEWAY_TOKEN = 'sms-gateway-token-0123';
const gateway = await startSmsGateway(GATEWAY_TOKEN);
afterAll(() => gateway.close());
const ctx = useTestApp({
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: gateway.url,
  SMS_HTTP_TOKEN: GATEWAY_TOKEN,
  SMS_SENDER: 'CARABALA',
});

const PHONE_1 = '+84912345678';
const PHONE_2 = '+84987654321';

async function setPhones(username: string, phones: { phone?: string | null; guardian?: string | null }) {
  await queryRows(
    ctx,
    sql`UPDATE users SET phone = ${phones.phone ?? null}, phone_verified_at = NULL,
      guardian_name = ${phones.guardian ? 'Nguyễn Văn Bố' : null}, guardian_phone = ${phones.guardian ?? null},
      guardian_phone_verified_at = NULL WHERE username = ${username} RETURNING id`,
  );
}
const send = (token: string, payload: object, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/phone/codes', headers: bearer(token), payload, remoteAddress: ip });
const verify = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/phone/verify', headers: bearer(token), payload });
const status = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/phone', headers: bearer(token) })).json().data;
/** Lets the next code to a number go at once (as if the minute had passed). */
const ageCodes = () =>
  queryRows(ctx, sql`UPDATE phone_codes SET created_at = created_at - interval '61 seconds' RETURNING id`);

describe('phone verification', () => {
  it("sends a code to the account's number and verifies it once", async () => {
    await setPhones('player1', { phone: PHONE_1 });
    const token = await signIn(ctx.app, 'player1', 'player123');
    expect(await status(token)).toEqual({
      phone: { phone: '0912 *** 678', verified: false },
      guardian: null,
      requiredFor: [],
      smsAvailable: true,
    });

    const sent = await send(token, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.sentTo).toBe('0912 *** 678');
    const sms = gateway.received.at(-1)!;
    expect(sms).toMatchObject({ to: PHONE_1, sender: 'CARABALA', authorization: `Bearer ${GATEWAY_TOKEN}` });
    expect(sms.text).toMatch(/Ma xac minh .* \d{6}, co hieu luc trong 5 phut/);
    const code = gateway.codeFor(PHONE_1);
    const [row] = await queryRows<{ code_hash: string }>(ctx, sql`SELECT code_hash FROM phone_codes`);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(code);

    const wrong = await verify(token, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'api.phone.code_invalid',
      message: expect.stringContaining('còn 4 lần'),
    });
    expect(wrong.json().errors.code).toBeDefined();
    const right = await verify(token, { code });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.phone).toEqual({ phone: '0912 *** 678', verified: true });
    const again = await verify(token, { code });
    expect(again.json().code).toBe('api.phone.code_expired');
  });

  it('refuses a malformed code and a malformed number with their sentences', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    const badCode = await verify(token, { code: '12ab56' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors.code[0]).toMatch(/6 chữ số/);
    const badNumber = await send(token, { phone: '0123' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().errors.phone[0]).toMatch(/không hợp lệ/);
  });

  it('makes the player wait a minute before another code to the same number, saying how long', async () => {
    await setPhones('player2', { phone: PHONE_2 });
    const token = await signIn(ctx.app, 'player2', 'player123');
    expect((await send(token, {})).statusCode).toBe(200);
    const early = await send(token, {});
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('api.phone.wait');
    const seconds = Number(early.json().message.match(/đợi (\d+) giây/)![1]);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    // The web says it in the reader's language from the sentence's params.
    expect(early.json().params).toEqual({ seconds });
  });

  it('allows five codes an hour to one number', async () => {
    const token = await signIn(ctx.app, 'player4', 'player123');
    await setPhones('player4', { phone: '+84901000000' });
    // Five codes an hour to one number, however far apart.
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await send(token, {}, '10.9.9.9')).statusCode).toBe(200);
      await ageCodes();
    }
    const sixth = await send(token, {}, '10.9.9.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/thử lại sau (5[0-9]|60) phút/);
  });

  it('changes the number: the new one becomes the account’s only once its code is entered', async () => {
    await setPhones('player4', { phone: '+84902000000' });
    const token = await signIn(ctx.app, 'player4', 'player123');
    const sent = await send(token, { phone: '0903 111 222' });
    expect(sent.json().data.sentTo).toBe('0903 *** 222');
    expect((await status(token)).phone.phone).toBe('0902 *** 000');
    const done = await verify(token, { code: gateway.codeFor('+84903111222') });
    expect(done.json().data.phone).toEqual({ phone: '0903 *** 222', verified: true });
  });

  it("refuses a number another account holds, another account's code, and a superseded number's code", async () => {
    const player4 = await signIn(ctx.app, 'player4', 'player123');
    const taken = await send(player4, { phone: PHONE_1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('api.phone.taken');

    // player2's live code does not verify player4.
    await ageCodes();
    const player2 = await signIn(ctx.app, 'player2', 'player123');
    expect((await send(player2, {})).statusCode).toBe(200);
    const foreign = await verify(player4, { code: gateway.codeFor(PHONE_2) });
    expect(foreign.statusCode).toBe(400);
    expect((await status(player4)).phone.phone).toBe('0903 *** 222');

    // A code to one number, then one to another: the first no longer works.
    await ageCodes();
    expect((await send(player4, { phone: '0904 000 001' })).statusCode).toBe(200);
    expect((await send(player4, { phone: '0904 000 002' })).statusCode).toBe(200);
    const superseded = await verify(player4, { code: gateway.codeFor('+84904000001') });
    expect(superseded.statusCode).toBe(400);
    expect((await status(player4)).phone.phone).toBe('0903 *** 222');
  });

  it('locks a code after five wrong tries', async () => {
    await ageCodes();
    const token = await signIn(ctx.app, 'player2', 'player123');
    expect((await send(token, {})).statusCode).toBe(200);
    const code = gateway.codeFor(PHONE_2);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let tries = 0; tries < 5; tries += 1) {
      expect((await verify(token, { code: wrongCode })).json().code).toBe('api.phone.code_invalid');
    }
    const locked = await verify(token, { code });
    expect(locked.json().code).toBe('api.phone.code_locked');
    expect((await status(token)).phone.verified).toBe(false);
  });

  it("verifies the guardian's number of a player who has one", async () => {
    await ageCodes();
    await setPhones('player2', { phone: PHONE_2, guardian: '+84905555666' });
    const token = await signIn(ctx.app, 'player2', 'player123');
    expect((await status(token)).guardian).toEqual({ name: 'Nguyễn Văn Bố', phone: '0905 *** 666', verified: false });
    const sent = await send(token, { target: 'guardian' });
    expect(sent.json().data.sentTo).toBe('0905 *** 666');
    // The guardian's code is not the account's.
    expect((await verify(token, { code: gateway.codeFor('+84905555666') })).statusCode).toBe(400);
    const done = await verify(token, { target: 'guardian', code: gateway.codeFor('+84905555666') });
    expect(done.json().data.guardian.verified).toBe(true);
    expect(done.json().data.phone.verified).toBe(false);

    const noGuardian = await send(await signIn(ctx.app, 'player4', 'player123'), { target: 'guardian' });
    expect(noGuardian.json().code).toBe('api.phone.no_guardian');
  });

  it('says so when the gateway fails, and the failed send does not hold the next one back', async () => {
    await ageCodes();
    const token = await signIn(ctx.app, 'player1', 'player123');
    gateway.state.failNext = 1;
    const failed = await send(token, {});
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('api.phone.sms_failed');
    expect((await send(token, {})).statusCode).toBe(200);
  });
});
