import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';

// The daily check-in (issue 41, decision record 061): the staff's calendar drafted, published with step-up
// and audited; one check-in per account per Vietnam day, its reward mailed once; the streak rule across days.

const ctx = useTestApp();
let content: string;
let player: string;
let other: string;

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** A calendar of `length` days: day n gives n diamonds. */
const calendar = (length: number) => ({
  title: 'Điểm danh tháng 12',
  days: Array.from({ length }, (_, index) => ({ items: [{ itemId: 'diamond', quantity: index + 1 }] })),
});

/** Moves the clock (only `Date`) to a Vietnam wall time. */
const at = (vietnamTime: string) => vi.setSystemTime(new Date(`${vietnamTime}+07:00`));

const checkinMails = async (shortId: string) =>
  rowsOf<{ title: string; items: { quantity: number }[]; sourceId: string }>(
    await ctx.database.db.execute(sql`select title, items, source_id as "sourceId" from mails
      where source = 'checkin' and receiver_short_id = ${shortId} order by created_at, id`),
  );

const shortIdOf = async (token: string) => (await call('GET', '/api/me', token)).json().data.shortId as string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  player = await signIn(ctx.app, 'player1', 'player123');
  other = await signIn(ctx.app, 'player2', 'player123');
});

afterEach(() => vi.useRealTimers());

describe('the check-in calendar from the console', () => {
  it('is closed to players until a draft is published; refuses a bad calendar field by field', async () => {
    expect((await call('GET', '/api/internal/checkin/calendar', content)).json().data).toEqual({ calendar: null });
    expect((await call('GET', '/api/checkin', player)).json().data).toEqual({ calendar: null, player: null });
    const closed = await call('POST', '/api/checkin', player);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'api.checkin.closed',
      message: expect.stringContaining('lịch điểm danh'),
    });

    const bad = await call('PUT', '/api/internal/checkin/calendar', content, {
      title: ' ',
      days: [{ items: [] }, ...calendar(4).days],
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors;
    expect(errors.title).toEqual(['Vui lòng nhập tên lịch điểm danh.']);
    expect(errors.days).toEqual(['Lịch điểm danh phải có đúng 7 hoặc 30 ngày.']);
    expect(errors['days.0.items']).toEqual(['Mỗi ngày phải có ít nhất một vật phẩm.']);
    const unknown = await call('PUT', '/api/internal/checkin/calendar', content, {
      ...calendar(7),
      days: [{ items: [{ itemId: 'no_such_item', quantity: 1 }] }, ...calendar(6).days],
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['days.0.items.0.itemId']);
  });

  it('refuses players, and writes without a recent second-factor code', async () => {
    expect((await call('PUT', '/api/internal/checkin/calendar', player, calendar(7))).statusCode).toBe(403);
    expect((await call('GET', '/api/internal/checkin/calendar', player)).statusCode).toBe(403);
  });

  it('is a draft until published, then players read it; every change is audited', async () => {
    const saved = await call('PUT', '/api/internal/checkin/calendar', content, { ...calendar(7), title: 'Bản đầu' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: 1, state: 'draft', published: null, claims: 0 });
    expect((await call('GET', '/api/checkin')).json().data.calendar).toBeNull();
    const edited = await call('PUT', '/api/internal/checkin/calendar', content, calendar(7));
    expect(edited.json().data).toMatchObject({ state: 'draft', draft: { title: 'Điểm danh tháng 12' } });
    const published = await call('POST', '/api/internal/checkin/calendar/publish', content);
    expect(published.json().data).toMatchObject({ state: 'published', published: { title: 'Điểm danh tháng 12' } });
    const shown = (await call('GET', '/api/checkin')).json().data;
    expect(shown.calendar.days).toHaveLength(7);
    expect(shown.player).toBeNull();

    const audits = rowsOf<{ action: string; detail: { before?: object; after?: object } }>(
      await ctx.database.db.execute(sql`select action, detail from audit_log
        where target_type = 'checkin_calendar' order by created_at`),
    );
    expect(audits.map((audit) => audit.action)).toEqual([
      'checkin_calendar.create',
      'checkin_calendar.update',
      'checkin_calendar.publish',
    ]);
    expect(audits[1]!.detail).toMatchObject({ before: { title: 'Bản đầu' }, after: { title: 'Điểm danh tháng 12' } });
  });
});

describe('a check-in', () => {
  it('is refused signed out', async () => {
    expect((await call('POST', '/api/checkin')).statusCode).toBe(401);
  });

  it('gives the day once per Vietnam day, mailed once, and says when the next one opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-12-01T23:50:00');
    const shortId = await shortIdOf(player);
    const first = await call('POST', '/api/checkin', player);
    expect(first.statusCode, first.body).toBe(200);
    const { claim, status } = first.json().data;
    expect(claim).toMatchObject({
      day: '2026-12-01',
      calendarDay: 1,
      streak: 1,
      items: [{ itemId: 'diamond', quantity: 1 }],
    });
    expect(status.player).toMatchObject({ today: '2026-12-01', checkedInToday: true, streak: 1, calendarDay: 1 });
    expect(status.player.nextAt).toBe(new Date('2026-12-02T00:00:00+07:00').toISOString());

    const again = await call('POST', '/api/checkin', player);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'api.checkin.already',
      message: 'Hôm nay bạn đã điểm danh rồi. Lần điểm danh tiếp theo mở lúc 00:00 02/12/2026.',
    });
    const mails = await checkinMails(shortId);
    expect(mails).toEqual([
      {
        title: 'Quà điểm danh ngày 1 — Điểm danh tháng 12',
        items: [{ itemId: 'diamond', quantity: 1 }],
        sourceId: claim.id,
      },
    ]);

    // Ten minutes later it is the next Vietnam day (midnight in Asia/Ho_Chi_Minh, 17:00 UTC).
    at('2026-12-02T00:00:00');
    const before = (await call('GET', '/api/checkin', player)).json().data.player;
    expect(before).toMatchObject({ today: '2026-12-02', checkedInToday: false, streak: 1, calendarDay: 2 });
    const second = await call('POST', '/api/checkin', player);
    expect(second.json().data.claim).toMatchObject({ day: '2026-12-02', calendarDay: 2, streak: 2 });
    expect(await checkinMails(shortId)).toHaveLength(2);
  });

  it('follows the streak: day N is the streak modulo the length, and a missed day starts again at day 1', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const days: number[] = [];
    for (let day = 1; day <= 9; day += 1) {
      at(`2026-12-${String(day + 3).padStart(2, '0')}T12:00:00`);
      days.push((await call('POST', '/api/checkin', other)).json().data.claim.calendarDay);
    }
    expect(days).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2]);
    at('2026-12-13T08:00:00');
    expect((await call('GET', '/api/checkin', other)).json().data.player).toMatchObject({ streak: 9, calendarDay: 3 });

    // 14 December is missed: on the 15th the streak is gone and the calendar starts again.
    at('2026-12-15T08:00:00');
    const state = (await call('GET', '/api/checkin', other)).json().data.player;
    expect(state).toMatchObject({ streak: 0, calendarDay: 1, checkedInToday: false, claims: [] });
    const restarted = (await call('POST', '/api/checkin', other)).json().data;
    expect(restarted.claim).toMatchObject({ calendarDay: 1, streak: 1, items: [{ itemId: 'diamond', quantity: 1 }] });
    expect(restarted.status.player.claims.map((entry: { day: string }) => entry.day)).toEqual(['2026-12-15']);
  });

  it('are counted per Vietnam day for the analytics, days with none included', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const answer = await call('GET', '/api/internal/checkin/per-day?from=2026-12-01&to=2026-12-05', admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({
      days: [
        { date: '2026-12-01', checkins: 1 },
        { date: '2026-12-02', checkins: 1 },
        { date: '2026-12-03', checkins: 0 },
        { date: '2026-12-04', checkins: 1 },
        { date: '2026-12-05', checkins: 1 },
      ],
      total: 4,
    });
    expect((await call('GET', '/api/internal/checkin/per-day?from=2026-12-01&to=2026-12-05', player)).statusCode).toBe(
      403,
    );
  });
});
