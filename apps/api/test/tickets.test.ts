import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, uploads } from '../src/db/schema';
import { demoHistory } from '../src/db/seed/history';
import { bearer, signIn, useTestApp } from './helpers';
import { fileTicket, png, upload, userId } from './upload-helpers';

const uploadDir = mkdtempSync(join(tmpdir(), 'tickets-test-'));
const ctx = useTestApp({ UPLOAD_DIR: uploadDir, TICKETS_PER_WINDOW: '6' });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

let player = '';
let playerId = '';
let other = '';
let otherId = '';
let admin = '';
let staff = '';

beforeAll(async () => {
  player = await signIn(ctx.app, 'player1', 'player123');
  playerId = await userId(ctx.app, player);
  other = await signIn(ctx.app, 'player2', 'player123');
  otherId = await userId(ctx.app, other);
  admin = await signIn(ctx.app, 'admin1', 'admin123');
  staff = await signIn(ctx.app, 'support1', 'staff123');
});

const base = {
  type: '2_1',
  incidentTime: '20h ngày 01/11/2025',
  device: 'Samsung Galaxy A54',
  title: 'Không đăng nhập được vào máy chủ Đông Á',
  description: 'Màn hình đứng ở 99% rồi thoát ra.',
};

/** The demo seed gives player1 an open ticket and an answered one, older than any made here. */
const seededTitles = ['Trò chơi bị thoát khi vào phó bản', 'Chưa nhận được gói Kim Cương sau khi chuyển khoản'];

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const create = (token: string, body: object) => call('POST', '/api/tickets', token, body);

const listMine = (token: string, query = '') => call('GET', `/api/tickets/me/find-many${query}`, token);

const titles = async (token: string, query = '') =>
  ((await listMine(token, query)).json().data.items as { title: string }[]).map((item) => item.title);

describe('POST /api/tickets', () => {
  it('files a ticket with status PROCESSING whatever the client sends, and a ticket number', async () => {
    const response = await create(player, { ...base, status: 'PROCESSED' });
    expect(response.statusCode).toBe(200);
    const ticket = response.json().data;
    expect(ticket).toMatchObject({ ...base, status: 'PROCESSING', shortId: '8801234', filesUrl: [], replies: [] });
    expect(ticket.number).toBeGreaterThanOrEqual(100001);
    expect(ticket.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('attaches images the player uploaded, and refuses anyone else’s or an outside URL', async () => {
    const mine = await upload(ctx.app, player, playerId, [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
      { filename: 'b.png', contentType: 'image/png', body: await png(20, 20, '#43a047') },
    ]);
    const urls = (mine.json().data as { url: string }[]).map(({ url }) => ({ url }));
    const filed = await create(player, { ...base, title: 'Mất kim cương sau khi nạp', type: '1', filesUrl: urls });
    expect(filed.statusCode).toBe(200);
    // The ticket gives its reader short-lived signed addresses; the bare ones open nothing.
    const given = filed.json().data.filesUrl as { url: string }[];
    expect(given.map(({ url }) => url.split('?')[0])).toEqual(urls.map(({ url }) => url));
    for (const { url } of given) expect(url).toMatch(/\?ticket=[0-9a-f-]{36}&expires=\d+&signature=[\w-]{43}$/);
    expect((await call('GET', given[0]!.url, null)).statusCode).toBe(200);
    expect((await call('GET', urls[0]!.url, null)).statusCode).toBe(404);
    // Staff reading the ticket get working addresses too.
    const forStaff = await call('GET', `/api/tickets/${filed.json().data.id}`, staff);
    const staffUrl = (forStaff.json().data.filesUrl as { url: string }[])[0]!.url;
    expect((await call('GET', staffUrl, staff)).statusCode).toBe(200);

    const theirs = await upload(ctx.app, other, otherId, [
      { filename: 'c.png', contentType: 'image/png', body: await png() },
    ]);
    const stolen = await create(player, { ...base, filesUrl: [{ url: theirs.json().data[0].url }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors.filesUrl).toBeDefined();

    const outside = await create(player, { ...base, filesUrl: [{ url: 'https://evil.example/x.png' }] });
    expect(outside.statusCode).toBe(400);
    const four = await create(player, { ...base, filesUrl: [...urls, ...urls] });
    expect(four.json().errors.filesUrl).toEqual(['Vui lòng chọn tối đa 3 file']);
  });

  it('validates each field with its own Vietnamese message', async () => {
    const response = await create(player, {
      type: '9',
      incidentTime: '',
      device: ' ',
      title: 'x'.repeat(200),
      description: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'api.validation',
      errors: {
        incidentTime: ['Vui lòng nhập thời gian xảy ra sự cố.'],
        device: ['Vui lòng nhập thiết bị sử dụng.'],
        title: ['Vui lòng nhập trong khoảng 0-200 kí tự.'],
        description: ['Vui lòng nhập mô tả.'],
      },
    });
    expect(response.json().errors.type).toBeDefined();
  });

  it('throttles creation per player without affecting another player', async () => {
    // player2 has filed none yet; the limit in this suite is 6.
    for (let n = 1; n <= 6; n += 1) {
      expect((await create(other, { ...base, title: `Yêu cầu số ${n} của Ngọc` })).statusCode).toBe(200);
    }
    const blocked = await create(other, { ...base, title: 'Thêm một yêu cầu' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('api.rate_limited');
    expect((await create(player, { ...base, title: 'Lỗi hiển thị ĐỒ HỌA' })).statusCode).toBe(200);
  });
});

describe('GET /api/tickets/me/find-many', () => {
  it("lists only the player's own tickets, newest first", async () => {
    const mine = await titles(player);
    expect(mine).toEqual(['Lỗi hiển thị ĐỒ HỌA', 'Mất kim cương sau khi nạp', base.title, ...seededTitles]);
    expect((await titles(other)).every((title) => title.includes('Ngọc'))).toBe(true);
  });

  it('filters by status and searches the title ignoring case and diacritics, or the number', async () => {
    expect(await titles(player, '?status=PROCESSED')).toEqual([seededTitles[1]]);
    expect(await titles(player, '?status=PROCESSING')).toHaveLength(4);
    expect(await titles(player, `?q=${encodeURIComponent('do hoa')}`)).toEqual(['Lỗi hiển thị ĐỒ HỌA']);
    expect(await titles(player, `?q=${encodeURIComponent('KIM CUONG')}`)).toEqual([
      'Mất kim cương sau khi nạp',
      seededTitles[1],
    ]);
    expect(await titles(player, `?q=${encodeURIComponent('mat  kim')}`)).toEqual(['Mất kim cương sau khi nạp']);
    expect(await titles(player, `?q=${encodeURIComponent('dong á')}`)).toEqual([base.title]);
    expect(await titles(player, `?q=${encodeURIComponent('100%_')}`)).toEqual([]);

    const [first] = (await listMine(player, `?q=${encodeURIComponent('mat kim')}`)).json().data.items;
    expect(await titles(player, `?q=${encodeURIComponent(`#${first.number}`)}`)).toEqual([first.title]);
    // Another player's ticket number finds nothing for this player.
    const [theirs] = (await listMine(other)).json().data.items;
    expect(await titles(player, `?q=${theirs.number}`)).toEqual([]);
  });

  it('pages', async () => {
    const page = (await listMine(player, '?page=3&pageSize=2')).json().data;
    expect(page).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(page.items).toHaveLength(1);
    expect((await listMine(player, '?status=DONE')).statusCode).toBe(400);
  });
});

describe('GET /api/tickets/me/:id', () => {
  it("shows the player's own ticket and answers api.error for anyone else's, leaking nothing", async () => {
    const [ticket] = (await listMine(player)).json().data.items;
    const own = await call('GET', `/api/tickets/me/${ticket.id}`, player);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.title).toBe(ticket.title);

    const stranger = await call('GET', `/api/tickets/me/${ticket.id}`, other);
    const unknown = await call('GET', '/api/tickets/me/0f8fad5b-d9cb-469f-a165-70867728950e', other);
    const garbage = await call('GET', "/api/tickets/me/1' OR '1'='1", other);
    for (const response of [stranger, unknown, garbage]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'api.error',
        key: 'tickets.notFound',
        message: 'Không tìm thấy yêu cầu hỗ trợ.',
      });
    }
  });

  it('refuses a guest and a tampered token on every player call', async () => {
    const [ticket] = (await listMine(player)).json().data.items;
    const [header, payload, signature] = player.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: otherId })).toString('base64url')}.${signature}`;
    for (const token of [null, forged, `${player}x`]) {
      expect((await call('GET', `/api/tickets/me/${ticket.id}`, token)).statusCode).toBe(401);
      expect((await call('GET', '/api/tickets/me/find-many', token)).statusCode).toBe(401);
      expect((await create(token as string, base)).statusCode).toBe(401);
    }
  });
});

describe('staff ticket calls', () => {
  it('are refused to a player and a guest', async () => {
    const [ticket] = (await listMine(player)).json().data.items;
    for (const token of [player, null]) {
      const expected = token ? 403 : 401;
      expect((await call('POST', '/api/tickets/find-many', token, {})).statusCode).toBe(expected);
      expect((await call('GET', `/api/tickets/${ticket.id}`, token)).statusCode).toBe(expected);
      expect(
        (await call('PATCH', `/api/tickets/${ticket.id}`, token, { reply: 'hi', status: 'PROCESSED' })).statusCode,
      ).toBe(expected);
      expect((await call('DELETE', `/api/tickets/${ticket.id}`, token)).statusCode).toBe(expected);
    }
    expect((await call('GET', `/api/tickets/me/${ticket.id}`, player)).json().data.status).toBe('PROCESSING');
  });

  it('find tickets by status, type, shortId and text', async () => {
    const find = async (body: object) => (await call('POST', '/api/tickets/find-many', staff, body)).json().data;
    // Beside this suite's and the demo accounts' tickets, the demo history's (its made-up players' User IDs are 86…).
    expect((await find({})).total).toBe(11 + demoHistory.tickets);
    expect((await find({ shortId: '8805678' })).total).toBe(6);
    const payments = await find({ type: '1', pageSize: 100 });
    type Row = { type: string; title: string; shortId: string };
    expect(payments.items).toHaveLength(payments.total);
    expect(payments.items.every((item: Row) => item.type === '1')).toBe(true);
    expect(payments.items.filter((item: Row) => !item.shortId.startsWith('86')).map((item: Row) => item.title)).toEqual(
      ['Mất kim cương sau khi nạp', seededTitles[1]],
    );
    expect(payments.total).toBeGreaterThan(2);
    const found = await find({ q: 'ngoc', pageSize: 2 });
    expect(found).toMatchObject({ total: 6, pageSize: 2 });
    expect(found.items[0]).toMatchObject({ shortId: '8805678', displayName: 'Trần Bảo Ngọc' });
  });

  it('sort the inbox: waiting tickets first, the longest-waiting first', async () => {
    type Row = { id: string; status: string; createTime: string };
    /** Every ticket in the list's order, page by page (the demo history's make more than a page). */
    const find = async (body: object) => {
      const rows: Row[] = [];
      for (let page = 1; ; page += 1) {
        const data = (await call('POST', '/api/tickets/find-many', staff, { pageSize: 100, page, ...body })).json()
          .data;
        rows.push(...data.items);
        if (rows.length >= data.total) return rows;
      }
    };
    const newest = await find({});
    const waiting = await find({ sort: 'waiting' });
    const byTime = (a: Row, b: Row) => Date.parse(a.createTime) - Date.parse(b.createTime);
    const expected = [
      ...newest.filter((row) => row.status === 'PROCESSING').sort(byTime),
      ...newest.filter((row) => row.status === 'PROCESSED').sort(byTime),
    ];
    expect(new Set(newest.map((row) => row.status))).toEqual(new Set(['PROCESSING', 'PROCESSED']));
    expect(waiting.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(waiting.map((row) => row.id)).not.toEqual(newest.map((row) => row.id));
    expect(newest.map((row) => row.createTime)).toEqual(
      [...newest].sort((a, b) => byTime(b, a)).map((row) => row.createTime),
    );
    const page2 = (
      await call('POST', '/api/tickets/find-many', staff, { sort: 'waiting', pageSize: 3, page: 2 })
    ).json().data.items as Row[];
    expect(page2.map((row) => row.id)).toEqual(expected.slice(3, 6).map((row) => row.id));
    const refused = await call('POST', '/api/tickets/find-many', staff, { sort: 'oldest' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('api.validation');
  });

  it('reply with the staff name, move the ticket to PROCESSED, and the player sees it', async () => {
    const [ticket] = (await listMine(player, `?q=${encodeURIComponent('do hoa')}`)).json().data.items;
    const detail = await call('GET', `/api/tickets/${ticket.id}`, staff);
    expect(detail.json().data).toMatchObject({ userId: playerId, displayName: 'Nguyễn Minh Anh' });

    const replied = await call('PATCH', `/api/tickets/${ticket.id}`, staff, { reply: 'Chúng tôi đã khắc phục lỗi.' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().data.status).toBe('PROCESSED');

    const seen = (await call('GET', `/api/tickets/me/${ticket.id}`, player)).json().data;
    expect(seen.status).toBe('PROCESSED');
    expect(seen.replies).toEqual([
      {
        name: 'Võ Thanh Tâm',
        fromPlayer: false,
        filesUrl: [],
        content: 'Chúng tôi đã khắc phục lỗi.',
        createTime: expect.any(String),
      },
    ]);
    expect(await titles(player, '?status=PROCESSED')).toEqual(['Lỗi hiển thị ĐỒ HỌA', seededTitles[1]]);

    const reopened = await call('PATCH', `/api/tickets/${ticket.id}`, admin, { status: 'PROCESSING' });
    expect(reopened.json().data).toMatchObject({ status: 'PROCESSING', replies: [{ name: 'Võ Thanh Tâm' }] });

    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, ticket.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['ticket.reply', 'ticket.status']);
  });

  it('delete a ticket, audited; the player then gets api.error', async () => {
    const [ticket] = (await listMine(player, `?q=${encodeURIComponent('dong a')}`)).json().data.items;
    const removed = await call('DELETE', `/api/tickets/${ticket.id}`, admin);
    expect(removed.json()).toEqual({ code: 'api.success' });
    expect((await call('GET', `/api/tickets/me/${ticket.id}`, player)).json().code).toBe('api.error');
    expect((await call('DELETE', `/api/tickets/${ticket.id}`, admin)).statusCode).toBe(404);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, ticket.id));
    expect(entry).toMatchObject({ action: 'ticket.delete', detail: { number: ticket.number, title: base.title } });
  });

  it("delete a ticket's images with it: their signed addresses answer 404 at once, the files are gone", async () => {
    const owner = admin;
    const uploaded = await upload(ctx.app, owner, await userId(ctx.app, owner), [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
      { filename: 'b.png', contentType: 'image/png', body: await png(20, 20) },
    ]);
    const urls = (uploaded.json().data as { url: string }[]).map((file) => file.url);
    const names = urls.map((url) => url.split('/').pop()!);
    const ticket = await fileTicket(ctx.app, owner, urls);
    for (const url of ticket.signedUrls) expect((await call('GET', url, null)).statusCode).toBe(200);
    expect(readdirSync(join(uploadDir, 'supports'))).toEqual(expect.arrayContaining(names));

    expect((await call('DELETE', `/api/tickets/${ticket.id}`, staff)).statusCode).toBe(200);
    for (const url of ticket.signedUrls) {
      const refused = await call('GET', url, null);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().code).toBe('api.error');
    }
    const left = readdirSync(join(uploadDir, 'supports'));
    for (const name of names) expect(left).not.toContain(name);
    expect(await ctx.database.db.select().from(uploads).where(inArray(uploads.name, names))).toEqual([]);
  });

  it('refuse an empty update', async () => {
    const [ticket] = (await listMine(player)).json().data.items;
    const response = await call('PATCH', `/api/tickets/${ticket.id}`, staff, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('api.validation');
  });
});
