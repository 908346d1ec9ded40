import { describe, expect, it } from 'vitest';
import { minimumPasswordHasher } from '../src/modules/auth/passwords';
import { createUsersService } from '../src/modules/users/service';
import { bearer, signIn, totpCode, useTestApp } from './helpers';

// Issue 36: an admin's second factor is reset only with a second admin, and a pending enrolment
// belongs to the session that started it (decision records 029 and 030).
const ctx = useTestApp({ SESSION_CACHE_SECONDS: '0' });

let accounts = 0;
/** A new staff account with a password and no second factor (as the operator's command line makes one). */
async function newStaff(role: 'support' | 'admin') {
  accounts += 1;
  const username = `staff.fourEyes${accounts}`;
  const password = 'mat-khau-nhan-vien-1';
  const { id, shortId } = await createUsersService({
    db: ctx.database.db,
    passwords: minimumPasswordHasher(),
  }).createAccount({ username, password, displayName: `Nhân viên ${accounts}`, role });
  return { id, shortId, username, password };
}

const login = async (account: { username: string; password: string }) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/carabala',
      payload: { username: account.username, password: account.password, deviceId: 'carabala.web.test' },
    })
  ).json().data.accessToken as string;
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });
const start = (token: string) => call('POST', '/api/auth/second-factor/enrolment', token);
const confirm = (token: string, secret: string) =>
  call('POST', '/api/auth/second-factor/enrolment/confirm', token, { otp: totpCode(secret) });

describe("an admin's second factor", () => {
  it('is reset only once a second admin approves', async () => {
    const admin = await newStaff('admin');
    const token = await login(admin);
    const { secret } = (await start(token)).json().data;
    expect((await confirm(token, secret)).statusCode).toBe(200);
    const admin1 = await signIn(ctx.app, 'admin1', 'admin123');
    const admin2 = await signIn(ctx.app, 'admin2', 'admin123');

    const asked = await call('POST', `/api/internal/users/${admin.id}/second-factor/reset`, admin1);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().code).toBe('api.approval.pending');
    const { approvalId } = asked.json().data;
    // Nothing changed yet: the admin's session still works.
    expect((await call('GET', '/api/internal/overview', token)).statusCode).toBe(200);
    const listed = (await call('GET', '/api/internal/approvals?status=pending', admin2)).json().data.items;
    expect(listed.find((item: { id: string }) => item.id === approvalId)).toMatchObject({
      kind: 'user.second_factor_reset',
      effect: { member: { id: admin.id, shortId: admin.shortId } },
    });

    expect((await call('POST', `/api/internal/approvals/${approvalId}/approve`, admin1)).statusCode).toBe(409);
    expect((await call('POST', `/api/internal/approvals/${approvalId}/approve`, admin2)).statusCode).toBe(200);
    expect((await call('GET', '/api/internal/overview', token)).statusCode).toBe(401);
    const status = await call('GET', '/api/auth/second-factor', await login(admin));
    expect(status.json().data.enrolled).toBe(false);
  });
});

describe('a pending enrolment', () => {
  it('belongs to the session that started it: another session can neither replace nor confirm it', async () => {
    const member = await newStaff('support');
    const owner = await login(member);
    const other = await login(member);
    const { secret } = (await start(owner)).json().data;

    const replaced = await start(other);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().code).toBe('api.auth.second_factor.enrolment_elsewhere');
    const stolen = await confirm(other, secret);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('api.auth.second_factor.enrolment_elsewhere');

    expect((await confirm(owner, secret)).statusCode).toBe(200);
  });

  it("is another session's to start only once its own session has ended", async () => {
    const member = await newStaff('support');
    const owner = await login(member);
    const other = await login(member);
    expect((await start(owner)).statusCode).toBe(200);
    expect((await start(other)).json().code).toBe('api.auth.second_factor.enrolment_elsewhere');
    expect((await call('POST', '/api/auth/logout', owner)).statusCode).toBe(200);
    const { secret } = (await start(other)).json().data;
    expect((await confirm(other, secret)).statusCode).toBe(200);
  });
});
