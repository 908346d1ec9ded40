import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';

// "Quên mật khẩu?" (modules/accounts, decision record 056): one answer whoever asks, a link valid 30
// minutes and once, every session ended, and a staff member's second factor kept and the reset audited.
const context = useTestApp({ PUBLIC_WEB_URL: 'https://carabala.test' });

let calls = 0;
const post = (url: string, payload: unknown, ip = `10.1.${Math.floor(++calls / 250)}.${calls % 250}`) =>
  context.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress: ip });

const resetLinks = async (address: string) =>
  (
    await queryRows<{ params: { link: string; minutes: number } }>(
      context,
      sql`select params from emails where to_address = ${address} and kind = 'password_reset' order by created_at`,
    )
  ).map((row) => row.params);
const tokenOf = (link: string) => link.split('#')[1]!;
const emailCount = async () =>
  (await queryRows<{ n: number }>(context, sql`select count(*)::int as n from emails`))[0]!.n;

describe('password reset', () => {
  it('answers the same for an account and for nobody, and mails only the account', async () => {
    const before = await emailCount();
    const known = await post('/accounts/password-reset/request', { login: 'player4' });
    const byEmail = await post('/accounts/password-reset/request', { login: 'PLAYER5@example.com' });
    const unknown = await post('/accounts/password-reset/request', { login: 'khong.co.ai' });
    const unknownEmail = await post('/accounts/password-reset/request', { login: 'khong.co.ai@example.com' });
    for (const answer of [byEmail, unknown, unknownEmail]) {
      expect(answer.statusCode).toBe(known.statusCode);
      expect(answer.json()).toEqual(known.json());
    }
    expect(known.statusCode).toBe(200);
    expect(await emailCount()).toBe(before + 2);
    const [link] = await resetLinks('player4@example.com');
    expect(link).toMatchObject({ minutes: 30 });
    expect(link!.link).toMatch(/^https:\/\/carabala\.test\/dat-lai-mat-khau#[A-Za-z0-9_-]{43}$/);
    expect(await resetLinks('player5@example.com')).toHaveLength(1);
  });

  it('sets the new password once and signs every device out', async () => {
    const phone = await signIn(context.app, 'player6', 'player123', 'Điện thoại');
    const laptop = await signIn(context.app, 'player6', 'player123', 'Máy tính');
    await post('/accounts/password-reset/request', { login: 'player6' });
    const [link] = await resetLinks('player6@example.com');
    const token = tokenOf(link!.link);

    const tooShort = await post('/accounts/password-reset', { token, password: '123' });
    expect(tooShort.json().errors).toEqual({ password: ['Vui lòng nhập trong khoảng 6-200 kí tự.'] });

    expect((await post('/accounts/password-reset', { token, password: 'mat-khau-moi-6' })).statusCode).toBe(200);
    for (const session of [phone, laptop]) {
      const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
      expect(me.statusCode).toBe(401);
    }
    const reused = await post('/accounts/password-reset', { token, password: 'mat-khau-khac-7' });
    expect(reused.json()).toMatchObject({ code: 'api.account.link_invalid' });
    expect(
      (await post('/auth/carabala', { username: 'player6', password: 'player123', deviceId: 'x' })).json().code,
    ).toBe('api.auth.carabala.password.invalid');
    expect(await signIn(context.app, 'player6', 'mat-khau-moi-6')).toEqual(expect.any(String));
  });

  it('refuses a link after 30 minutes, and an older link once a newer one was used', async () => {
    await post('/accounts/password-reset/request', { login: 'player7' });
    await post('/accounts/password-reset/request', { login: 'player7' });
    const [older, newer] = (await resetLinks('player7@example.com')).map((params) => tokenOf(params.link));
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    const [stored] = await queryRows<{ minutes: number }>(
      context,
      sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from account_tokens where token_hash = ${hashOf(newer!)}`,
    );
    expect(stored).toEqual({ minutes: 30 });
    // Thirty minutes and a second later.
    await context.database.db.execute(
      sql`update account_tokens set created_at = now() - interval '30 minutes 1 second', expires_at = now() - interval '1 second'
          where token_hash = ${hashOf(newer!)}`,
    );
    const expired = await post('/accounts/password-reset', { token: newer, password: 'mat-khau-moi-7' });
    expect(expired.json()).toMatchObject({ code: 'api.account.link_invalid' });

    await post('/accounts/password-reset/request', { login: 'player7@example.com' });
    const newest = tokenOf((await resetLinks('player7@example.com'))[2]!.link);
    expect((await post('/accounts/password-reset', { token: newest, password: 'mat-khau-moi-7' })).statusCode).toBe(
      200,
    );
    const spent = await post('/accounts/password-reset', { token: older, password: 'mat-khau-moi-8' });
    expect(spent.json()).toMatchObject({ code: 'api.account.link_invalid' });
  });

  it('is throttled per account: a fourth ask in the hour answers the same and sends nothing', async () => {
    for (let i = 0; i < 3; i += 1) await post('/accounts/password-reset/request', { login: 'player8' });
    const fourth = await post('/accounts/password-reset/request', { login: 'player8@example.com' });
    expect(fourth.statusCode).toBe(200);
    expect(await resetLinks('player8@example.com')).toHaveLength(3);
    // The same username again from anywhere: refused outright (it names no account either way).
    expect((await post('/accounts/password-reset/request', { login: 'player8' })).statusCode).toBe(429);
  });

  it('keeps a staff member’s second factor and writes the reset to the audit log', async () => {
    await post('/accounts/password-reset/request', { login: 'support2' });
    const [link] = await resetLinks('support2@example.com');
    expect(
      (await post('/accounts/password-reset', { token: tokenOf(link!.link), password: 'mat-khau-nhan-vien' }))
        .statusCode,
    ).toBe(200);
    const signInAnswer = await post('/auth/carabala', {
      username: 'support2',
      password: 'mat-khau-nhan-vien',
      deviceId: 'carabala.web.test',
    });
    expect(signInAnswer.statusCode).toBe(428);
    expect(signInAnswer.json().code).toBe('api.auth.second_factor_required');
    const audit = await queryRows<{ action: string; target_id: string; detail: { ended: number } }>(
      context,
      sql`select action, target_id, detail from audit_log where action = 'user.password.reset'`,
    );
    const [support2] = await queryRows<{ id: string }>(context, sql`select id from users where username = 'support2'`);
    expect(audit).toEqual([
      {
        action: 'user.password.reset',
        target_id: support2!.id,
        detail: expect.objectContaining({ ended: expect.any(Number) }),
      },
    ]);
  });

  it('keeps a player’s reset out of the audit log', async () => {
    const rows = await queryRows<{ n: number }>(
      context,
      sql`select count(*)::int as n from audit_log a join users u on u.id::text = a.target_id where a.action = 'user.password.reset' and u.role = 'player'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
