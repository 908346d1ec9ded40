import { normalizeVietnamPhone } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';

// Sign-up, e-mail verification and the resend action (modules/accounts, decision record 056), through
// the HTTP surface; the links are read from the e-mail outbox as the worker would send them.
const context = useTestApp({ PUBLIC_WEB_URL: 'https://carabala.test' });

let calls = 0;
/** Each call from its own address unless told (the per-address limits have their own tests). */
const post = (url: string, payload: unknown, ip = `10.0.${Math.floor(++calls / 250)}.${calls % 250}`) =>
  context.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress: ip });

/** A birth date `years` years ago today, minus `days` days (in UTC: far enough from Vietnam's midnight). */
function bornYearsAgo(years: number, days = 0) {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

let serial = 0;
/** A valid adult sign-up with its own username, address and phone. */
function newPlayer(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    username: `nguoichoi.moi${serial}`,
    password: 'matkhau-moi-123',
    email: `Nguoi.Choi${serial}@Example.vn`,
    fullName: 'Nguyễn Văn Mới',
    birthDate: bornYearsAgo(20, 3),
    phone: `0912 345 ${String(600 + serial).padStart(3, '0')}`,
    ...overrides,
  };
}

const emailsTo = (address: string) =>
  queryRows<{ kind: string; params: { link: string; hours?: number; minutes?: number }; dedupe_key: string }>(
    context,
    sql`select kind, params, dedupe_key from emails where to_address = ${address} order by created_at`,
  );
const tokenOf = (link: string) => link.split('#')[1]!;
const countOf = async (table: 'users' | 'emails' | 'account_tokens') =>
  (await queryRows<{ n: number }>(context, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

const signInAs = (username: string, password: string) =>
  post('/auth/carabala', { username, password, deviceId: 'carabala.web.test' });

describe('sign-up', () => {
  it('makes an unverified player, mails a link that verifies it once, then the player signs in', async () => {
    const body = newPlayer();
    const answer = await post('/accounts/sign-up', body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ code: 'api.success', data: { email: body.email.toLowerCase() } });

    const [user] = await queryRows<Record<string, unknown>>(
      context,
      sql`select phone, full_name, birth_date, email, email_verified_at, guardian_name, role from users where username = ${body.username}`,
    );
    expect(user).toMatchObject({
      phone: normalizeVietnamPhone(body.phone),
      full_name: 'Nguyễn Văn Mới',
      email: body.email.toLowerCase(),
      email_verified_at: null,
      guardian_name: null,
      role: 'player',
    });
    const [mail] = await emailsTo(body.email.toLowerCase());
    expect(mail).toMatchObject({ kind: 'verify_email', params: { hours: 24 } });
    expect(mail!.params.link).toMatch(/^https:\/\/carabala\.test\/xac-minh-email#[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    const stored = await queryRows<{ token_hash: string }>(context, sql`select token_hash from account_tokens`);
    expect(stored.map((row) => row.token_hash)).not.toContain(tokenOf(mail!.params.link));

    const unverified = await signInAs(body.username, body.password);
    expect(unverified.json()).toMatchObject({
      code: 'api.auth.carabala.unactivated',
      errors: { username: ['Tài khoản này chưa được xác minh email'] },
    });

    expect((await post('/accounts/verify-email', { token: tokenOf(mail!.params.link) })).statusCode).toBe(200);
    const again = await post('/accounts/verify-email', { token: tokenOf(mail!.params.link) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'api.account.link_invalid', errors: { token: [expect.any(String)] } });

    const signedIn = await signInAs(body.username, body.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user).toMatchObject({ displayName: body.username, role: 'player' });
  });

  it('asks a player under 16 (Vietnam time) for a guardian, and refuses one from an adult', async () => {
    const minor = newPlayer({ birthDate: bornYearsAgo(15, 3) });
    const asked = await post('/accounts/sign-up', minor);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().errors).toMatchObject({
      guardianName: ['Người chơi dưới 16 tuổi cần nhập họ tên cha, mẹ hoặc người giám hộ.'],
      guardianPhone: ['Người chơi dưới 16 tuổi cần nhập số điện thoại của cha, mẹ hoặc người giám hộ.'],
    });
    const withGuardian = await post('/accounts/sign-up', {
      ...minor,
      guardianName: 'Nguyễn Thị Mẹ',
      guardianPhone: '+84 388 123 456',
    });
    expect(withGuardian.statusCode).toBe(200);
    const [row] = await queryRows<{ guardian_name: string; guardian_phone: string }>(
      context,
      sql`select guardian_name, guardian_phone from users where username = ${minor.username}`,
    );
    expect(row).toEqual({ guardian_name: 'Nguyễn Thị Mẹ', guardian_phone: '+84388123456' });

    // Sixteen today: no guardian.
    const adult = await post('/accounts/sign-up', newPlayer({ birthDate: bornYearsAgo(16, 1), guardianName: 'Ai đó' }));
    expect(adult.statusCode).toBe(400);
    expect(adult.json().errors).toEqual({ guardianName: ['Chỉ người chơi dưới 16 tuổi mới khai báo người giám hộ.'] });
  });

  it('says a clear error under each bad field, header injection included, and writes nothing', async () => {
    const before = await Promise.all([countOf('users'), countOf('emails')]);
    const answer = await post('/accounts/sign-up', {
      username: 'có dấu',
      password: '123',
      email: 'a@b.vn\r\nBcc: victim@example.com',
      fullName: 'Tên\r\nBcc: victim@example.com',
      birthDate: '2010-02-30',
      phone: '0212345678',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'api.validation',
      errors: {
        username: ['Tên tài khoản chỉ gồm chữ cái không dấu, chữ số và các ký tự . _ -'],
        password: ['Vui lòng nhập trong khoảng 6-200 kí tự.'],
        email: ['Email không hợp lệ.'],
        fullName: ['Không được chứa ký tự xuống dòng hoặc ký tự điều khiển.'],
        birthDate: ['Ngày sinh không hợp lệ.'],
        phone: ['Số điện thoại di động Việt Nam không hợp lệ (ví dụ 0912 345 678).'],
      },
    });
    expect(await Promise.all([countOf('users'), countOf('emails')])).toEqual(before);
  });

  it('refuses a 10 MB body with the body-limit code', async () => {
    const answer = await post('/accounts/sign-up', newPlayer({ fullName: 'x'.repeat(10 * 1024 * 1024) }));
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'api.validation', message: 'Dữ liệu gửi lên quá lớn.' });
  });

  it('says a taken username (any case) and writes nothing', async () => {
    const before = await Promise.all([countOf('users'), countOf('emails'), countOf('account_tokens')]);
    const answer = await post('/accounts/sign-up', newPlayer({ username: 'PLAYER1' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'api.account.username_taken',
      errors: { username: ['Tên tài khoản này đã có người dùng, vui lòng chọn tên khác.'] },
    });
    expect(await Promise.all([countOf('users'), countOf('emails'), countOf('account_tokens')])).toEqual(before);
  });

  it('answers a taken address or phone as a free one, and mails its holder a reset link instead', async () => {
    const fresh = newPlayer();
    const freshAnswer = await post('/accounts/sign-up', fresh);
    const users = await countOf('users');

    const takenEmail = newPlayer({ email: 'PLAYER2@example.com' });
    const emailAnswer = await post('/accounts/sign-up', takenEmail);
    const takenPhone = newPlayer({ phone: fresh.phone.replace(/ /g, '.') });
    const phoneAnswer = await post('/accounts/sign-up', takenPhone);

    for (const [answer, body] of [
      [emailAnswer, takenEmail],
      [phoneAnswer, takenPhone],
    ] as const) {
      expect(answer.statusCode).toBe(freshAnswer.statusCode);
      expect(answer.json()).toEqual({ ...freshAnswer.json(), data: { email: body.email.toLowerCase() } });
    }
    expect(await countOf('users')).toBe(users);
    expect((await emailsTo('player2@example.com')).map((mail) => mail.kind)).toEqual(['password_reset']);
    expect((await emailsTo(fresh.email.toLowerCase())).map((mail) => mail.kind)).toEqual([
      'verify_email',
      'password_reset',
    ]);
    expect(await emailsTo(takenPhone.email.toLowerCase())).toEqual([]);
  });

  it('refuses an expired verification link', async () => {
    const body = newPlayer();
    await post('/accounts/sign-up', body);
    const [mail] = await emailsTo(body.email.toLowerCase());
    await context.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const answer = await post('/accounts/verify-email', { token: tokenOf(mail!.params.link) });
    expect(answer.json().code).toBe('api.account.link_invalid');
  });

  it('throttles sign-ups per address', async () => {
    const ip = '198.51.100.77';
    const answers = [];
    // A username taken is counted like any sign-up: probing names costs the same.
    for (let i = 0; i < 11; i += 1) {
      answers.push((await post('/accounts/sign-up', newPlayer({ username: 'player1' }), ip)).statusCode);
    }
    expect(answers).toEqual([...Array<number>(10).fill(400), 429]);
  });
});

describe('Gửi lại email xác minh', () => {
  it('mails player3 (unverified) a new link; an unknown or verified username gets the same answer and no mail', async () => {
    const before = await countOf('emails');
    const sent = await post('/accounts/verify-email/resend', { username: 'player3' }, '203.0.113.20');
    const unknown = await post('/accounts/verify-email/resend', { username: 'khong.ton.tai' }, '203.0.113.20');
    const verified = await post('/accounts/verify-email/resend', { username: 'player1' }, '203.0.113.20');
    expect(sent.json()).toEqual(unknown.json());
    expect(sent.json()).toEqual(verified.json());
    expect(await countOf('emails')).toBe(before + 1);
    const [mail] = (await emailsTo('player3@example.com')).filter((row) => row.kind === 'verify_email');
    expect((await post('/accounts/verify-email', { token: tokenOf(mail!.params.link) })).statusCode).toBe(200);
    expect((await signInAs('player3', 'player123')).statusCode).toBe(200);
  });

  it('is throttled per username', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await post('/accounts/verify-email/resend', { username: 'khong.ai.ca' }, `203.0.113.${30 + i}`)).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('the signed-in session of a new account', () => {
  it('reads its own profile after verifying', async () => {
    const body = newPlayer();
    await post('/accounts/sign-up', body);
    const [mail] = await emailsTo(body.email.toLowerCase());
    await post('/accounts/verify-email', { token: tokenOf(mail!.params.link) });
    const token = await signIn(context.app, body.username, body.password);
    const me = await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(me.json().data).toMatchObject({
      username: body.username,
      email: body.email.toLowerCase(),
      emailVerified: true,
    });
  });
});
