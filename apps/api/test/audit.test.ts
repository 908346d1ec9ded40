import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

const ctx = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const auditOf = async (token: string, query: object) =>
  (await call('POST', '/api/internal/audit/find-many', token, query)).json().data;

describe('the audit log as staff read it', () => {
  it('names each target by its code, title or name, never only by its id', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const { id, code } = await order(ctx.app, '8801234', 601);
    const marked = await call('POST', `/api/internal/transactions/${id}/mark`, admin, {
      note: 'Chuyển khoản ngoài giờ',
    });
    expect(marked.statusCode).toBe(200);
    const [paid] = (await auditOf(admin, { action: 'transaction.mark_paid', targetId: id })).items;
    expect(paid).toMatchObject({
      actor: { displayName: 'Quản trị viên', shortId: '8800001' },
      target: { kind: 'order', id, label: code, shortId: null, order: null },
      approver: null,
    });

    // A bank event attached to an order names the order's code and the transfer's reference.
    const other = await order(ctx.app, '8801234', 601);
    const memo = `quen ma ${other.id.slice(0, 8)}`;
    await postWebhook(ctx.app, sepayEvent('XXXXXXXXXXX', 49_000, { content: memo, referenceCode: 'FT-AUDIT-1' }));
    const review = await call('POST', '/api/internal/bank-events/find-many', admin, { pageSize: 100 });
    const event = review.json().data.items.find((item: { content: string }) => item.content === memo);
    const attached = await call('POST', `/api/internal/bank-events/${event.id}/attach`, admin, {
      code: other.code,
      note: 'Khách gửi ảnh',
    });
    expect(attached.statusCode).toBe(200);
    const [attach] = (await auditOf(admin, { action: 'bank_event.attach', targetId: event.id })).items;
    expect(attach.target).toEqual({
      kind: 'bank_event',
      id: event.id,
      label: 'FT-AUDIT-1',
      shortId: null,
      order: { id: other.id, code: other.code },
    });

    // A member: their name and User ID.
    const found = await call('POST', '/api/internal/users/find-many', admin, { q: '8805678' });
    const member = found.json().data.items[0];
    await call('PUT', `/api/internal/users/${member.id}/role`, admin, { role: 'support' });
    const [role] = (await auditOf(admin, { action: 'user.role.change', targetId: member.id })).items;
    expect(role.target).toMatchObject({ kind: 'user', id: member.id, label: member.displayName, shortId: '8805678' });
    await call('PUT', `/api/internal/users/${member.id}/role`, admin, { role: 'player' });
  });

  it('filters by one of the known actions and refuses any other with a 400', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    for (const action of ['news.delete_everything', 'NEWS.PUBLISH', 'user.role']) {
      const refused = await call('POST', '/api/internal/audit/find-many', admin, { action });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'api.validation', errors: { action: ['Thao tác không hợp lệ.'] } });
    }
    expect((await call('POST', '/api/internal/audit/find-many', admin, { action: 'news.publish' })).statusCode).toBe(
      200,
    );
  });

  it('lists the staff accounts for the filter by who acted, to staff only', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const members = (await call('GET', '/api/internal/audit/staff-members', admin)).json().data as {
      shortId: string;
      role: string;
    }[];
    expect(members.map((member) => member.shortId)).toContain('8800001');
    expect(members.every((member) => member.role !== 'player')).toBe(true);
    const player = await signIn(ctx.app, 'player1', 'player123');
    expect((await call('GET', '/api/internal/audit/staff-members', player)).statusCode).toBe(403);
  });
});
