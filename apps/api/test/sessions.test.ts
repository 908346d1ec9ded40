import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { bearer, signIn, useTestApp } from './helpers';

const ctx = useTestApp();

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const COCCOC_ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) coc_coc_browser/131.0 Chrome/125.0 Mobile Safari/537.36';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
  ctx.app.inject({ method, url, headers: bearer(token) });
const sessionsOf = async (token: string) => (await call('GET', '/api/auth/sessions', token)).json().data;
const meStatus = async (token: string) => (await call('GET', '/api/me', token)).statusCode;

describe('my signed-in devices', () => {
  it('lists each device in words with its address and last use, and marks this one', async () => {
    const onPc = await signIn(ctx.app, 'support1', 'staff123', CHROME_WINDOWS);
    await signIn(ctx.app, 'support1', 'staff123', SAFARI_IPHONE);
    const { sessions } = await sessionsOf(onPc);
    expect(sessions.map((session: { device: string; current: boolean }) => [session.device, session.current])).toEqual(
      expect.arrayContaining([
        ['Chrome trên Windows', true],
        ['Safari trên iPhone', false],
      ]),
    );
    expect(sessions[0]).toMatchObject({ address: '127.0.0.1', lastSeenAt: expect.any(String) });
  });

  it('ends another device: its token is refused at once; an unknown or foreign id is not found', async () => {
    const mine = await signIn(ctx.app, 'player1', 'player123', CHROME_WINDOWS);
    const lost = await signIn(ctx.app, 'player1', 'player123', COCCOC_ANDROID);
    const other = await signIn(ctx.app, 'player2', 'player123');
    expect(await meStatus(lost)).toBe(200);
    const lostId = (await sessionsOf(lost)).sessions.find((session: { current: boolean }) => session.current).id;
    expect((await sessionsOf(mine)).sessions.map((session: { device: string }) => session.device)).toContain(
      'Cốc Cốc trên Android',
    );

    const foreign = await call('DELETE', `/api/auth/sessions/${lostId}`, other);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'api.error']);
    expect(await meStatus(lost)).toBe(200);
    expect((await call('DELETE', '/api/auth/sessions/not-an-id', mine)).statusCode).toBe(404);

    const ended = await call('DELETE', `/api/auth/sessions/${lostId}`, mine);
    expect(ended.json()).toEqual({ code: 'api.success' });
    expect(await meStatus(lost)).toBe(401);
    expect(await meStatus(mine)).toBe(200);
    expect((await sessionsOf(mine)).sessions.map((session: { id: string }) => session.id)).not.toContain(lostId);
    expect((await call('DELETE', `/api/auth/sessions/${lostId}`, mine)).statusCode).toBe(404);
  });

  it('moves "last seen" and the address on use, at most once a minute per session', async () => {
    const token = await signIn(ctx.app, 'player2', 'player123', FIREFOX_LINUX);
    const [session] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.username, 'player2'))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    const lastSeen = async () =>
      (
        await ctx.database.db
          .select({ lastSeenAt: sessions.lastSeenAt, address: sessions.address })
          .from(sessions)
          .where(eq(sessions.id, session!.id))
      )[0]!;
    const backdate = () =>
      ctx.database.db.execute(
        sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes', address = '203.0.113.9' WHERE id = ${session!.id}`,
      );
    const minuteAgo = Date.now() - 60_000;

    // The first use after the sign-in: written (off the request's path, so polled).
    await backdate();
    expect(await meStatus(token)).toBe(200);
    await expect.poll(async () => (await lastSeen()).lastSeenAt.getTime()).toBeGreaterThan(minuteAgo);
    expect((await lastSeen()).address).toBe('127.0.0.1');

    // Used again within the minute: no write.
    await backdate();
    expect(await meStatus(token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await lastSeen()).lastSeenAt.getTime()).toBeLessThan(minuteAgo);
  });
});

describe('ending a staff member’s sessions', () => {
  it('lets an admin end every session of a member (audited) and refuses it to other roles', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const finance = await signIn(ctx.app, 'finance1', 'staff123', CHROME_WINDOWS);
    const financeToo = await signIn(ctx.app, 'finance1', 'staff123', SAFARI_IPHONE);
    const { id } = (await call('GET', '/api/me', finance)).json().data;

    const refused = await call('POST', `/api/internal/users/${id}/sessions/end`, financeToo);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'api.forbidden']);

    const ended = await call('POST', `/api/internal/users/${id}/sessions/end`, admin);
    expect(ended.json().data).toEqual({ ended: 2 });
    expect(await meStatus(finance)).toBe(401);
    expect(await meStatus(financeToo)).toBe(401);
    expect(await meStatus(admin)).toBe(200);

    const audit = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/audit/find-many',
      headers: bearer(admin),
      payload: { action: 'user.sessions.end', targetId: id },
    });
    expect(audit.json().data.items[0]).toMatchObject({ detail: { shortId: '8800004', ended: 2 } });
    expect(
      (await call('POST', '/api/internal/users/00000000-0000-4000-8000-000000000000/sessions/end', admin)).statusCode,
    ).toBe(404);
  });
});

describe('a staff sign-in from a new device', () => {
  it('is audited and shown at the next sign-in, not to the new device itself; players are not watched', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const newDeviceEntries = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/internal/audit/find-many',
          headers: bearer(admin),
          payload: { action: 'session.new_device' },
        })
      ).json().data.items as { actor: { shortId: string }; detail: { device: string } }[];

    // The account's very first sign-in has nothing to compare with; the same device again is not new.
    await signIn(ctx.app, 'content1', 'staff123', CHROME_WINDOWS);
    await signIn(ctx.app, 'content1', 'staff123', CHROME_WINDOWS);
    expect((await newDeviceEntries()).filter((entry) => entry.actor.shortId === '8800005')).toEqual([]);

    const elsewhere = await signIn(ctx.app, 'content1', 'staff123', FIREFOX_LINUX);
    expect((await newDeviceEntries()).filter((entry) => entry.actor.shortId === '8800005')).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ device: 'Firefox trên Linux', address: '127.0.0.1' }),
      }),
    ]);
    expect((await sessionsOf(elsewhere)).newDeviceSignIns).toEqual([]);

    const back = await signIn(ctx.app, 'content1', 'staff123', CHROME_WINDOWS);
    expect((await sessionsOf(back)).newDeviceSignIns).toEqual([
      { device: 'Firefox trên Linux', address: '127.0.0.1', at: expect.any(String) },
    ]);

    await signIn(ctx.app, 'player1', 'player123', FIREFOX_LINUX);
    await signIn(ctx.app, 'player1', 'player123', SAFARI_IPHONE);
    expect((await newDeviceEntries()).filter((entry) => entry.actor.shortId === '8801234')).toEqual([]);
  });
});
