import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../src/db/schema';
import { bearer, signIn, useTestApp } from './helpers';
import { png, upload, userId } from './upload-helpers';

// Two-way tickets (issue 38): the owner follows up on their ticket, with images, and an answered
// ticket reopens within TICKET_REOPEN_DAYS.
const uploadDir = mkdtempSync(join(tmpdir(), 'ticket-follow-ups-'));
const ctx = useTestApp({ UPLOAD_DIR: uploadDir, TICKET_REOPEN_DAYS: '3', TICKETS_PER_WINDOW: '20' });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

let player = '';
let other = '';
let staff = '';
beforeAll(async () => {
  player = await signIn(ctx.app, 'player1', 'player123');
  other = await signIn(ctx.app, 'player2', 'player123');
  staff = await signIn(ctx.app, 'support1', 'staff123');
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function newTicket(title: string): Promise<string> {
  const response = await call('POST', '/api/tickets', player, {
    type: '2_2',
    incidentTime: 'tối qua',
    device: 'iPhone 13',
    title,
    description: 'Vào phó bản thì bị văng.',
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.id;
}

const followUp = (token: string, id: string, body: object) =>
  call('POST', `/api/tickets/me/${id}/replies`, token, body);

describe('POST /api/tickets/me/:id/replies', () => {
  it('adds the owner’s follow-up with images; staff read it as the player’s, signed images open', async () => {
    const id = await newTicket('Văng game khi vào phó bản');
    const uploaded = await upload(ctx.app, player, await userId(ctx.app, player), [
      { filename: 'proof.png', contentType: 'image/png', body: await png() },
    ]);
    const url = uploaded.json().data[0].url as string;
    const response = await followUp(player, id, { content: 'Thêm ảnh màn hình lỗi.', filesUrl: [{ url }] });
    expect(response.statusCode).toBe(200);
    const ticket = response.json().data;
    expect(ticket.status).toBe('PROCESSING');
    expect(ticket.canReply).toBe(true);
    expect(ticket.reopenUntil).toBeNull();
    expect(ticket.replies).toEqual([
      expect.objectContaining({ content: 'Thêm ảnh màn hình lỗi.', fromPlayer: true, name: 'Nguyễn Minh Anh' }),
    ]);
    const signed = ticket.replies[0].filesUrl[0].url as string;
    expect(signed).toContain(url.split('/').pop());
    expect((await call('GET', signed, null)).statusCode).toBe(200);

    const seen = (await call('GET', `/api/tickets/${id}`, staff)).json().data;
    expect(seen.replies[0]).toMatchObject({ fromPlayer: true, content: 'Thêm ảnh màn hình lỗi.' });

    // Deleting the ticket removes the follow-up's image too.
    expect((await call('DELETE', `/api/tickets/${id}`, staff)).statusCode).toBe(200);
    expect((await call('GET', signed, null)).statusCode).toBe(404);
    expect(readdirSync(join(uploadDir, 'supports'))).not.toContain(url.split('/').pop());
  });

  it('reopens an answered ticket: it waits again, first in the inbox among those answered later', async () => {
    const id = await newTicket('Mất vật phẩm sau bảo trì');
    expect((await call('PATCH', `/api/tickets/${id}`, staff, { reply: 'Đã bù vật phẩm.' })).statusCode).toBe(200);
    const answered = (await call('GET', `/api/tickets/me/${id}`, player)).json().data;
    expect(answered.status).toBe('PROCESSED');
    expect(answered.canReply).toBe(true);
    const until = Date.parse(answered.reopenUntil);
    expect(until - Date.parse(answered.updateTime)).toBe(3 * 86_400_000);

    const response = await followUp(player, id, { content: 'Vẫn chưa nhận được.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'PROCESSING', reopenUntil: null });
    expect(response.json().data.replies.map((reply: { fromPlayer: boolean }) => reply.fromPlayer)).toEqual([
      false,
      true,
    ]);
    const waiting = (
      await call('POST', '/api/tickets/find-many', staff, { status: 'PROCESSING', sort: 'waiting', pageSize: 100 })
    ).json().data.items as { id: string }[];
    expect(waiting.map((item) => item.id)).toContain(id);
  });

  it('refuses to reopen after the window, with a stable code and a Vietnamese message', async () => {
    const id = await newTicket('Không nạp được');
    expect((await call('PATCH', `/api/tickets/${id}`, staff, { reply: 'Đã xử lý.' })).statusCode).toBe(200);
    await ctx.database.db
      .update(tickets)
      .set({ updatedAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(tickets.id, id));
    const shown = (await call('GET', `/api/tickets/me/${id}`, player)).json().data;
    expect(shown.canReply).toBe(false);
    const refused = await followUp(player, id, { content: 'Mở lại giúp mình.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'api.ticket.closed',
      message: expect.stringContaining('yêu cầu mới'),
    });
    expect((await call('GET', `/api/tickets/me/${id}`, player)).json().data).toMatchObject({
      status: 'PROCESSED',
      replies: [expect.objectContaining({ fromPlayer: false })],
    });
  });

  it("answers api.error for another player's ticket, and refuses an empty text or someone else's image", async () => {
    const id = await newTicket('Lỗi hiển thị');
    const foreign = await followUp(other, id, { content: 'Chen ngang.' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('api.error');

    const empty = await followUp(player, id, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.content).toEqual(['Vui lòng nhập nội dung.']);

    const theirs = await upload(ctx.app, other, await userId(ctx.app, other), [
      { filename: 'x.png', contentType: 'image/png', body: await png() },
    ]);
    const stolen = await followUp(player, id, { content: 'Ảnh', filesUrl: [{ url: theirs.json().data[0].url }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors.filesUrl).toBeDefined();
    expect((await call('GET', `/api/tickets/me/${id}`, player)).json().data.replies).toEqual([]);
  });

  it('does not count the player’s own follow-up as an answer in their notifications', async () => {
    const id = await newTicket('Thông báo');
    await followUp(player, id, { content: 'Bổ sung.' });
    const notes = (await call('GET', '/api/me/notifications', player)).json().data;
    expect(notes).toBeDefined();
    expect(JSON.stringify(notes)).not.toContain(id);
    // A staff answer after it is news.
    await call('PATCH', `/api/tickets/${id}`, staff, { reply: 'Đã nhận.' });
    expect(JSON.stringify((await call('GET', '/api/me/notifications', player)).json().data)).toContain(id);
  });
});
