import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useConnectedApp } from './game-backend';
import { queryRows } from './helpers';

// With GAME_API_URL the game owns the players' accounts: the site takes no sign-up and resets no
// player's password (decision record 056), while staff, always the site's own, still reset theirs.
const context = useConnectedApp();

const post = (url: string, payload: object) => context.app.inject({ method: 'POST', url: `/api${url}`, payload });

describe('accounts with GAME_API_URL', () => {
  it('refuses sign-up with a stable code and says so in the options', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/accounts/options' })).json().data).toEqual({
      signUp: false,
    });
    const answer = await post('/accounts/sign-up', {
      username: 'nguoi.moi',
      password: 'matkhau-123',
      email: 'moi@example.vn',
      fullName: 'Người Mới',
      birthDate: '2000-01-01',
      phone: '0912345678',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      code: 'api.account.sign_up_elsewhere',
      message: 'Tài khoản do trò chơi quản lý: vui lòng đăng ký trong trò chơi.',
    });
  });

  it('mails a reset link to staff but not to a player (whose password is the game’s), with one answer', async () => {
    const staff = await post('/accounts/password-reset/request', { login: 'admin2' });
    const player = await post('/accounts/password-reset/request', { login: 'player1' });
    expect(player.json()).toEqual(staff.json());
    const kinds = await queryRows<{ to_address: string }>(
      context,
      sql`select to_address from emails where kind = 'password_reset'`,
    );
    expect(kinds).toEqual([{ to_address: 'admin2@example.com' }]);
  });
});
