import { describe, expect, it } from 'vitest';
import { configuredPasswordHasher } from '../src/modules/auth/passwords';
import { createUsersService, type NewAccount } from '../src/modules/users/service';
import { bearer, signIn, useTestApp } from './helpers';

// The operator's way to make the first admin of an installation (src/cli.ts create-account).
describe('createAccount', () => {
  const context = useTestApp();
  const createAccount = (db: typeof context.database.db, account: NewAccount) =>
    createUsersService({ db, passwords: configuredPasswordHasher(context.config) }).createAccount(account);

  it('makes an account that signs in with its role', async () => {
    const made = await createAccount(context.database.db, {
      username: 'quantri.vien',
      password: 'mot-mat-khau-dai',
      displayName: 'Quản trị viên',
      role: 'admin',
    });
    expect(made.shortId).toMatch(/^\d{10}$/);
    const token = await signIn(context.app, 'quantri.vien', 'mot-mat-khau-dai');
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json().data).toMatchObject({ id: made.id, displayName: 'Quản trị viên', role: 'admin' });
    const overview = await context.app.inject({ method: 'GET', url: '/api/internal/overview', headers: bearer(token) });
    expect(overview.statusCode).toBe(200);
  });

  it('refuses a taken username in any case, a short password and a malformed name', async () => {
    const base = { password: 'mot-mat-khau-dai', displayName: 'Nhân viên', role: 'support' as const };
    await expect(createAccount(context.database.db, { ...base, username: 'ADMIN1' })).rejects.toThrow(/taken/);
    await expect(
      createAccount(context.database.db, { ...base, username: 'nhanvien1', password: 'ngan' }),
    ).rejects.toThrow(/12 characters/);
    await expect(createAccount(context.database.db, { ...base, username: 'nhan vien' })).rejects.toThrow(/username/);
  });
});
