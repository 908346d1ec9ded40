import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

/**
 * Each attempt is reserved before the password is checked, so a burst of concurrent guesses is never
 * evaluated more often than the limit allows: in memory, and in Redis when CI gives one.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

function suite(name: string, overrides: Record<string, string>) {
  describe(name, () => {
    const ctx = useTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_FAILURES_PER_IP: '8', ...overrides });
    const login = (username: string, password: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/carabala',
        remoteAddress: ip,
        payload: { username, password, deviceId: 'carabala.web.test' },
      });
    const tally = (responses: { statusCode: number; json(): { code: string } }[]) => {
      const codes = responses.map((response) => `${response.statusCode} ${response.json().code}`);
      return {
        evaluated: codes.filter((code) => code.startsWith('400')).length,
        refused: codes.filter((code) => code === '429 api.rate_limited').length,
      };
    };

    it('evaluates at most the account limit of 20 concurrent wrong passwords', async () => {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
      const responses = await Promise.all(Array.from({ length: 20 }, () => login('player2', 'wrong-password', ip)));
      expect(tally(responses)).toEqual({ evaluated: 5, refused: 15 });
      // The limit holds afterwards too, even for the right password from that address.
      expect((await login('player2', 'player123', ip)).statusCode).toBe(429);
      // The player's own device elsewhere is not locked out.
      expect((await login('player2', 'player123', '10.200.0.1')).statusCode).toBe(200);
    });

    it('counts unknown usernames per IP the same way', async () => {
      const ip = `10.8.${Math.floor(Math.random() * 250)}.1`;
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => login(`khongco${index}xyz`, 'whatever1', ip)),
      );
      expect(tally(responses)).toEqual({ evaluated: 8, refused: 12 });
    });

    it('gives back the reservation of a successful sign-in', async () => {
      const ip = `10.7.${Math.floor(Math.random() * 250)}.1`;
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await login('player1', 'player123', ip)).statusCode).toBe(200);
      }
    });
  });
}

suite('login throttle in memory', {});
if (REDIS_URL) suite('login throttle in Redis', { REDIS_URL });
