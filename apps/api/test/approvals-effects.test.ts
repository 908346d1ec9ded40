import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { createTestPack } from './store-helpers';

// What is approved is what is applied (issue 36, decision record 030): a request stores the exact
// effect, the approver reads it, and the approval applies it or refuses with a code.
const ctx = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

const admins = async () => ({
  admin1: await signIn(ctx.app, 'admin1', 'admin123'),
  admin2: await signIn(ctx.app, 'admin2', 'admin123'),
});
const grant = (token: string, productId: number, reason: string, shortId = '8809012') =>
  call('POST', '/api/internal/transactions/create-manual', token, { shortId, productId, reason });
const shown = async (token: string, id: string) =>
  (await call('GET', '/api/internal/approvals?status=pending', token))
    .json()
    .data.items.find((item: { id: string }) => item.id === id);
const grantedOrders = (reason: string) =>
  rows<{ items: unknown; total_price: number; product_title: string }>(
    sql`select items, total_price, product_title from orders where kind = 'manual' and note = ${reason}`,
  );

describe('a grant applies what was approved', () => {
  it('delivers the items stored with the request, not the ones published after it', async () => {
    const { admin1, admin2 } = await admins();
    const body = { title: 'Gói Mười Kim Cương', price: 10_000, items: [{ itemId: 'diamond', quantity: 10 }] };
    const packId = await createTestPack(ctx.app, admin1, body);
    const asked = await grant(admin1, packId, 'Đền bù gói nhỏ');
    expect(asked.statusCode).toBe(202);
    const { approvalId } = asked.json().data;

    // The requester then turns the pack into a billion diamonds and publishes it.
    const edited = await call('PUT', `/api/internal/catalogue/packs/${packId}`, admin1, {
      ...body,
      tab: 'flash-sale',
      items: [{ itemId: 'diamond', quantity: 1_000_000_000 }],
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('POST', `/api/internal/catalogue/packs/${packId}/publish`, admin1)).statusCode).toBe(200);

    // The approver reads the stored effect: the items, the price, the receiver, on sale.
    const request = await shown(admin2, approvalId);
    expect(request.effect).toMatchObject({
      kind: 'order.grant',
      packTitle: 'Gói Mười Kim Cương',
      choice: null,
      price: 10_000,
      items: [{ itemId: 'diamond', quantity: 10 }],
      receiver: { shortId: '8809012' },
      onSale: true,
    });
    expect(request.summary).toContain('10 × Kim cương');

    expect((await call('POST', `/api/internal/approvals/${approvalId}/approve`, admin2)).statusCode).toBe(200);
    const [order] = await grantedOrders('Đền bù gói nhỏ');
    expect(order).toMatchObject({ items: [{ itemId: 'diamond', quantity: 10 }], total_price: 10_000 });
    const [mail] = await rows<{ items: unknown }>(
      sql`select m.items from mails m join orders o on o.id::text = m.source_id where o.note = 'Đền bù gói nhỏ'`,
    );
    expect(mail?.items).toEqual([{ itemId: 'diamond', quantity: 10 }]);
  });

  it('grants a pack players no longer see, and tells the approver it is not on sale', async () => {
    const { admin1, admin2 } = await admins();
    const ended = new Date(Date.now() - 3_600_000).toISOString();
    const packId = await createTestPack(ctx.app, admin1, { title: 'Gói Sự Kiện Cũ', visibleUntil: ended });
    const asked = await grant(admin1, packId, 'Bù phần thưởng sự kiện cũ');
    expect(asked.statusCode).toBe(202);
    expect((await shown(admin2, asked.json().data.approvalId)).effect).toMatchObject({
      kind: 'order.grant',
      onSale: false,
      items: [{ itemId: 'diamond', quantity: 100 }],
    });
  });

  it('refuses with api.approval.stale when the product left the catalogue, and grants nothing', async () => {
    const { admin1, admin2 } = await admins();
    // Gói Bốc Thăm Tùy Chọn (44): its option 4445 is asked, then removed from the published pack.
    const asked = await grant(admin1, 4445, 'Quà lựa chọn đã gỡ');
    const { approvalId } = asked.json().data;
    expect((await shown(admin2, approvalId)).effect).toMatchObject({ packId: 44, productId: 4445 });
    const draft = (await call('GET', '/api/internal/catalogue/packs/44', admin1)).json().data.draft;
    const kept = draft.options.filter((option: { id: number }) => option.id !== 4445);
    const edited = await call('PUT', '/api/internal/catalogue/packs/44', admin1, {
      ...draft,
      price: 1_000,
      items: [],
      options: kept,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('POST', '/api/internal/catalogue/packs/44/publish', admin1)).statusCode).toBe(200);

    const refused = await call('POST', `/api/internal/approvals/${approvalId}/approve`, admin2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('api.approval.stale');
    expect(refused.json().message).toContain('không còn trong danh mục');
    expect(await grantedOrders('Quà lựa chọn đã gỡ')).toHaveLength(0);
    expect((await shown(admin2, approvalId)).status).toBe('pending');
  });
});

describe('the other kinds show their stored effect', () => {
  it('a promotion to admin names the member and their role', async () => {
    const { admin1, admin2 } = await admins();
    const target = (await call('POST', '/api/internal/users/find-many', admin1, { q: '8805678' })).json().data.items[0];
    const asked = await call('PUT', `/api/internal/users/${target.id}/role`, admin1, {
      role: 'admin',
      reason: 'Trưởng ca',
    });
    expect((await shown(admin2, asked.json().data.approvalId)).effect).toEqual({
      kind: 'user.role_admin',
      member: { id: target.id, displayName: target.displayName, shortId: '8805678' },
      fromRole: 'player',
    });
  });
});
