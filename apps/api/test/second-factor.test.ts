import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, secondFactors, sessions } from '../src/db/schema';
import { demoAccounts } from '../src/db/seed/demo-accounts';
import { createSecondFactorService, secondFactorKey } from '../src/modules/second-factor';
import { minimumPasswordHasher } from '../src/modules/auth/passwords';
import { createUsersService } from '../src/modules/users/service';
import { bearer, onPostgres, signIn, totpCode, useTestApp } from './helpers';

// No session cache: a test moves a session's last code back in time in the database.
const ctx = useTestApp({ SESSION_CACHE_SECONDS: '0', LOGIN_FAILURES_PER_ACCOUNT: '8' });

const STEP = 30_000;
let accounts = 0;

/** A new staff account with a password and no second factor (as the operator's command line makes one). */
async function newStaff(role: 'support' | 'admin' = 'support') {
  accounts += 1;
  const username = `staff.twofa${accounts}`;
  const password = 'mat-khau-nhan-vien-1';
  const { id, shortId } = await createUsersService({
    db: ctx.database.db,
    passwords: minimumPasswordHasher(),
  }).createAccount({
    username,
    password,
    displayName: `Nhân viên ${accounts}`,
    role,
  });
  return { id, shortId, username, password };
}

const login = (account: { username: string; password: string }, otp?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/carabala',
    payload: { username: account.username, password: account.password, deviceId: 'carabala.web.test', otp },
  });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });
const overview = (token: string) => call('GET', '/api/internal/overview', token);

/** Signs a new staff account in and enrols it; answers its secret, recovery codes and verified token. */
async function enrolled(role: 'support' | 'admin' = 'support') {
  const account = await newStaff(role);
  const token = (await login(account)).json().data.accessToken as string;
  const { secret } = (await call('POST', '/api/auth/second-factor/enrolment', token)).json().data;
  // The previous step's code is two steps old, out of the window, once the step turns between the code
  // and its check: the enrolment starts at least 5 s before a step's end.
  const left = STEP - (Date.now() % STEP);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const confirmed = await call('POST', '/api/auth/second-factor/enrolment/confirm', token, {
    otp: totpCode(secret, Date.now() - STEP),
  });
  expect(confirmed.statusCode).toBe(200);
  return { ...account, secret, token, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

describe('the staff second factor', () => {
  it('refuses staff calls until the account enrols with a code; the secret is kept encrypted', async () => {
    const account = await newStaff();
    const signedIn = await login(account);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().data.accessToken as string;
    // 428, not 401/403: the web asks for the code instead of signing the staff member out.
    expect([(await overview(token)).statusCode, (await overview(token)).json().code]).toEqual([
      428,
      'api.auth.second_factor_required',
    ]);
    expect((await call('GET', '/api/auth/second-factor', token)).json().data).toMatchObject({
      enrolled: false,
      verified: false,
    });

    const started = (await call('POST', '/api/auth/second-factor/enrolment', token)).json().data;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUrl).toContain(`secret=${started.secret}`);
    expect(started.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*period=30/);
    const wrong = await call('POST', '/api/auth/second-factor/enrolment/confirm', token, { otp: '000000' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'api.auth.second_factor.invalid']);
    expect((await overview(token)).statusCode).toBe(428);

    const confirmed = await call('POST', '/api/auth/second-factor/enrolment/confirm', token, {
      otp: totpCode(started.secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // The enrolment's code counts as this session's sign-in with a code.
    expect((await overview(token)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/second-factor/enrolment', token)).json().code).toBe(
      'api.auth.second_factor.already_enrolled',
    );

    const [stored] = await ctx.database.db.select().from(secondFactors).where(eq(secondFactors.userId, account.id));
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(started.secret);
    const hashes = await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, account.id));
    expect(hashes.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect(hashes.map((row) => row.codeHash.length)).toEqual(Array(10).fill(64));
  });

  it('asks an enrolled account for its code at sign-in, and accepts each code and recovery code once', async () => {
    const account = await enrolled();
    const bare = await login(account);
    expect([bare.statusCode, bare.json().code, bare.json().data]).toEqual([
      428,
      'api.auth.second_factor_required',
      undefined,
    ]);
    expect((await login(account, '123456')).json().code).toBe('api.auth.second_factor.invalid');

    const code = totpCode(account.secret);
    const withCode = await login(account, code);
    expect(withCode.statusCode).toBe(200);
    expect((await overview(withCode.json().data.accessToken)).statusCode).toBe(200);
    const again = await login(account, code);
    expect([again.statusCode, again.json().code]).toEqual([400, 'api.auth.second_factor.reused']);
    // An older step than the last one used is refused too (the enrolment used the previous step).
    expect((await login(account, totpCode(account.secret, Date.now() - STEP))).json().code).toBe(
      'api.auth.second_factor.reused',
    );

    const recovery = account.recoveryCodes[3]!;
    const withRecovery = await login(account, recovery.toUpperCase().replace('-', ''));
    expect(withRecovery.statusCode).toBe(200);
    expect((await overview(withRecovery.json().data.accessToken)).statusCode).toBe(200);
    expect((await login(account, recovery)).json().code).toBe('api.auth.second_factor.invalid');
    const status = await call('GET', '/api/auth/second-factor', withRecovery.json().data.accessToken);
    expect(status.json().data).toMatchObject({ enrolled: true, verified: true, recoveryCodesLeft: 9 });
  });

  it('lets exactly one of concurrent sign-ins with the same code through', async () => {
    const account = await enrolled();
    const code = totpCode(account.secret);
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(account, code)));
    const outcomes = answers.map((answer) => answer.json().code).sort();
    expect(outcomes).toEqual([...Array(5).fill('api.auth.second_factor.reused'), 'api.success']);

    const recovery = account.recoveryCodes[0]!;
    const recovered = await Promise.all(Array.from({ length: 4 }, () => login(account, recovery)));
    expect(recovered.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('throttles wrong codes per account like passwords, whatever the address', async () => {
    const account = await enrolled();
    const answers = [];
    for (let index = 0; index < 10; index += 1) {
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/carabala',
          remoteAddress: `10.77.0.${index + 1}`,
          payload: { username: account.username, password: account.password, deviceId: 'd', otp: '999999' },
        }),
      );
    }
    // LOGIN_FAILURES_PER_ACCOUNT is 8 in this suite.
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(8).fill(400), 429, 429]);
    // The right code is refused unread while the window lasts.
    expect((await login(account, totpCode(account.secret))).statusCode).toBe(429);
  });

  it('asks for a code within 10 minutes for money and power, and takes it in place', async () => {
    const admin = await enrolled('admin');
    const target = await newStaff();
    const changeRole = () => call('PUT', `/api/internal/users/${target.id}/role`, admin.token, { role: 'support' });
    expect((await changeRole()).statusCode).toBe(200);

    // Eleven minutes later, the same session may still read, but not change a role.
    await ctx.database.db
      .update(sessions)
      .set({ secondFactorAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.userId, admin.id));
    expect((await overview(admin.token)).statusCode).toBe(200);
    const refused = await changeRole();
    expect([refused.statusCode, refused.json().code]).toEqual([428, 'api.auth.step_up_required']);
    const grant = await call('POST', '/api/internal/gift-codes/create-one', admin.token, {});
    expect(grant.json().code).toBe('api.auth.step_up_required');

    const wrong = await call('POST', '/api/auth/step-up', admin.token, { otp: '111111' });
    expect(wrong.json().code).toBe('api.auth.second_factor.invalid');
    const stepped = await call('POST', '/api/auth/step-up', admin.token, { otp: totpCode(admin.secret) });
    expect(stepped.statusCode).toBe(200);
    expect(Date.parse(stepped.json().data.stepUpUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await changeRole()).statusCode).toBe(200);

    // Leaving the desk ends the window at once; the session stays signed in with its code.
    const ended = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/step-up', headers: bearer(admin.token) });
    expect(ended.json().data).toMatchObject({ verified: true, stepUpUntil: null });
    expect((await call('GET', '/api/auth/second-factor', admin.token)).json().data).toMatchObject({
      verified: true,
      stepUpUntil: null,
    });
    expect((await changeRole()).json().code).toBe('api.auth.step_up_required');
    expect((await overview(admin.token)).statusCode).toBe(200);
  });

  it('lets an admin reset another staff member’s second factor: audited, and their sessions end', async () => {
    const member = await enrolled();
    const adminToken = await signIn(ctx.app, 'admin1', 'admin123');
    const adminId = (await call('GET', '/api/me', adminToken)).json().data.id as string;
    expect((await overview(member.token)).statusCode).toBe(200);

    const self = await call('POST', `/api/internal/users/${adminId}/second-factor/reset`, adminToken);
    expect(self.json().code).toBe('api.auth.second_factor.self_reset');
    const byStaff = await call('POST', `/api/internal/users/${member.id}/second-factor/reset`, member.token);
    expect(byStaff.statusCode).toBe(403);

    const reset = await call('POST', `/api/internal/users/${member.id.toUpperCase()}/second-factor/reset`, adminToken);
    expect(reset.statusCode).toBe(200);
    expect((await overview(member.token)).statusCode).toBe(401);
    const audit = await call('POST', '/api/internal/audit/find-many', adminToken, { targetId: member.id });
    expect(audit.json().data.items[0]).toMatchObject({
      action: 'user.second_factor.reset',
      actor: { shortId: '8800001' },
      detail: {
        shortId: member.shortId,
        via: 'console',
        sentence: `Quản trị viên #8800001 đã đặt lại xác thực hai lớp của #${member.shortId} và kết thúc mọi phiên đăng nhập của tài khoản này.`,
      },
    });
    // The member signs in without a code again and must enrol before any staff call.
    const fresh = await login(member);
    expect(fresh.statusCode).toBe(200);
    expect((await overview(fresh.json().data.accessToken)).json().code).toBe('api.auth.second_factor_required');
    const again = await call('POST', `/api/internal/users/${member.id}/second-factor/reset`, adminToken);
    expect(again.json().code).toBe('api.auth.second_factor.not_enrolled');
  });

  it('lets the operator reset it from the command line, audited, ending the sessions', async () => {
    // The command line opens the database itself: PostgreSQL only (the test PGlite lives in this process).
    if (!onPostgres) return;
    const member = await enrolled();
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli.ts', 'reset-second-factor', '--username', member.username],
      { env: { ...process.env, DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: member.id, shortId: member.shortId });
    expect((await overview(member.token)).statusCode).toBe(401);
    const adminToken = await signIn(ctx.app, 'admin1', 'admin123');
    const audit = await call('POST', '/api/internal/audit/find-many', adminToken, { targetId: member.id });
    expect(audit.json().data.items[0]).toMatchObject({
      action: 'user.second_factor.reset',
      actor: null,
      detail: { via: 'cli' },
    });
  });

  it('refuses the published demo secrets when told to (production)', async () => {
    const service = createSecondFactorService({
      db: ctx.database.db,
      failures: ctx.app.failures,
      sessionCache: ctx.app.sessionCache,
      key: secondFactorKey(ctx.config.JWT_SECRET),
      issuer: 'Carabala',
      limits: { perAccount: 8, windowSeconds: 900 },
      refusedSecrets: new Set(demoAccounts.flatMap((account) => account.totp ?? [])),
    });
    const admin = (
      await call('POST', '/api/internal/users/find-many', await signIn(ctx.app, 'admin1', 'admin123'), {
        q: 'admin1',
      })
    ).json().data.items[0] as { id: string };
    const secret = demoAccounts.find((account) => account.username === 'admin1')!.totp!;
    await expect(service.verify(admin.id, totpCode(secret, Date.now() + STEP))).rejects.toMatchObject({
      statusCode: 409,
      code: 'api.auth.second_factor.demo_secret',
    });
  });
});
