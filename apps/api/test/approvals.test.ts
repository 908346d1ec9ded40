import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

// Four-eyes approvals (decision record 030); the concurrent approvals are in approvals-race.pg.test.ts.
const ctx = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

const admins = async () => ({
  admin1: await signIn(ctx.app, 'admin1', 'admin123'),
  admin2: await signIn(ctx.app, 'admin2', 'admin123'),
});
const approve = (id: string, token: string) => call('POST', `/api/internal/approvals/${id}/approve`, token);
const reject = (id: string, token: string, reason?: string) =>
  call('POST', `/api/internal/approvals/${id}/reject`, token, reason === undefined ? {} : { reason });
const list = async (token: string, query: string) =>
  (await call('GET', `/api/internal/approvals?${query}`, token)).json().data;

describe('a manual grant waits for a second admin', () => {
  it('answers 202 with the request, refuses the requester, and applies once when another admin approves', async () => {
    const { admin1, admin2 } = await admins();
    const asked = await call('POST', '/api/internal/transactions/create-manual', admin1, {
      shortId: '8809012',
      productId: 4445,
      reason: 'Đền bù sự cố bảo trì',
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ code: 'api.approval.pending', data: { approvalId: expect.any(String) } });
    const { approvalId } = asked.json().data;
    const ordersOf = () =>
      rows<{ id: string; status: string }>(
        sql`select o.id, o.status from orders o join users u on u.id = o.receiver_id
            where u.short_id = '8809012' and o.kind = 'manual'`,
      );
    expect(await ordersOf()).toHaveLength(0);

    // The list says who asked, what and why, in words; the requester sees it as theirs.
    const pending = await list(admin1, 'status=pending');
    const shown = pending.items.find((item: { id: string }) => item.id === approvalId);
    expect(shown).toMatchObject({
      kind: 'order.grant',
      status: 'pending',
      reason: 'Đền bù sự cố bảo trì',
      requester: { shortId: '8800001' },
      mine: true,
      decider: null,
    });
    expect(shown.summary).toMatch(/^Tặng gói .+ cho .+ \(ID: 8809012\)$/);
    expect(new Date(shown.expiresAt).getTime() - new Date(shown.createdAt).getTime()).toBe(24 * 3600_000);

    const own = await approve(approvalId, admin1);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('api.approval.own_request');
    expect(await ordersOf()).toHaveLength(0);

    const approved = await approve(approvalId.toUpperCase(), admin2);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', mine: false, decider: { shortId: '8800002' } });
    const granted = await ordersOf();
    expect(granted).toEqual([{ id: expect.any(String), status: 'done' }]);

    const again = await approve(approvalId, admin2);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('api.approval.decided');
    expect(await ordersOf()).toHaveLength(1);

    // The audit log: asked by admin1, approved by admin2, and the grant itself names both.
    const audit = await rows<{ action: string; actor: string; detail: { approvedBy?: string } }>(
      sql`select a.action, u.short_id as actor, a.detail from audit_log a join users u on u.id = a.actor_id
          where a.target_id in (${approvalId}, ${granted[0]!.id}) order by a.created_at`,
    );
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual([
      ['approval.request', '8800001'],
      ['transaction.create_manual', '8800001'],
      ['approval.approve', '8800002'],
    ]);
    expect(audit[1]!.detail.approvedBy).toBeTruthy();
  });

  it('shows the granted order as a grant everywhere, and the approval names the order it made', async () => {
    const { admin1, admin2 } = await admins();
    const reason = 'Bồi thường sự cố nạp thẻ';
    const asked = await call('POST', '/api/internal/transactions/create-manual', admin1, {
      shortId: '8801234',
      productId: 401,
      reason,
    });
    const { approvalId } = asked.json().data;
    const approved = (await approve(approvalId, admin2)).json().data;
    const [made] = await rows<{ id: string; code: string }>(
      sql`select id, code from orders where approval_id = ${approvalId}`,
    );
    expect(approved.order).toEqual({ id: made!.id, code: made!.code });
    const listed = await list(admin1, 'status=approved');
    expect(listed.items.find((item: { id: string }) => item.id === approvalId).order.code).toBe(made!.code);

    // The console's order: no buyer, the requester and the approver.
    const people = { requester: { shortId: '8800001' }, approver: { shortId: '8800002' } };
    const found = await call('POST', '/api/internal/transactions/find-many', admin2, { code: made!.code });
    expect(found.json().data.items[0]).toMatchObject({ kind: 'manual', buyer: null, grant: people, note: reason });
    const detail = (await call('GET', `/api/internal/transactions/${made!.id}`, admin2)).json().data;
    expect(detail.grant).toMatchObject(people);
    const csv = (await call('GET', `/api/internal/transactions/export.csv?code=${made!.code}`, admin2)).body;
    expect(csv).toContain('Người yêu cầu tặng');
    expect(csv).toMatch(/Quản trị viên \(ID: 8800001\).*\(ID: 8800002\)/);

    // The player page says so too; a bought order there has no grant.
    const player = (await call('GET', `/api/internal/users/${detail.receiver.id}/overview`, admin2)).json().data;
    const row = player.orders.find((item: { code: string }) => item.code === made!.code);
    expect(row).toMatchObject({ role: 'received', counterpart: null, grant: people });
    expect(player.orders.filter((item: { grant: unknown }) => item.grant === null).length).toBeGreaterThan(0);

    // The player's own receipt and history name it a grant; its mail is not a top-up's.
    const token = await signIn(ctx.app, 'player1', 'player123');
    const receipt = (await call('GET', `/api/transactions/receipt/${made!.code}`, token)).json().data;
    expect(receipt).toMatchObject({ kind: 'manual', buyer: null, role: 'received' });
    const history = (await call('GET', '/api/transactions/me?pageSize=50', token)).json().data;
    expect(history.items.find((item: { code: string }) => item.code === made!.code).kind).toBe('manual');
    const [mail] = await rows<{ title: string }>(sql`select title from mails where source_id = ${made!.id}`);
    expect(mail!.title).toMatch(/^Quà tặng từ ban quản trị: /);
  });

  it('refuses an unknown product or player at once, without a request', async () => {
    const { admin1 } = await admins();
    const unknown = await call('POST', '/api/internal/transactions/create-manual', admin1, {
      shortId: '0000000',
      productId: 4445,
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('api.user.not_found');
  });
});

describe('mark-paid and refunds at the threshold', () => {
  it('marks a cheap order at once and a dear one only after approval', async () => {
    const { admin1, admin2 } = await admins();
    const cheap = await order(ctx.app, '8801234', 403);
    const marked = await call('POST', `/api/internal/transactions/${cheap.id}/mark`, admin1, { note: 'Sao kê' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.status).toBe('done');

    const dear = await order(ctx.app, '8801234', 606);
    expect(dear.totalPrice).toBeGreaterThanOrEqual(500_000);
    const asked = await call('POST', `/api/internal/transactions/${dear.id}/mark`, admin1, { note: 'Sao kê 799k' });
    expect(asked.statusCode).toBe(202);
    expect((await transaction(ctx.app, dear.id)).status).toBe('initial');
    const { approvalId } = asked.json().data;
    const shown = (await list(admin2, 'status=pending')).items.find((item: { id: string }) => item.id === approvalId);
    expect(shown).toMatchObject({ kind: 'order.mark_paid', amount: dear.totalPrice, reason: 'Sao kê 799k' });
    expect(shown.summary).toContain(dear.code);
    expect((await approve(approvalId, admin2)).statusCode).toBe(200);
    expect((await transaction(ctx.app, dear.id)).status).toBe('done');
    const mails = await rows(sql`select id from mails where source_id = ${dear.id}`);
    expect(mails).toHaveLength(1);
  });

  it('sends a large refund for approval; a rejection needs a reason and records nothing', async () => {
    const { admin1, admin2 } = await admins();
    const event = sepayEvent('CRBZZZZZZZZ', 600_000, { content: 'chuyen nham 600k' });
    await postWebhook(ctx.app, event);
    const [stored] = await rows<{ id: string }>(
      sql`select id from bank_events where provider_id = ${String(event.id)}`,
    );
    const refund = (amount: number, token = admin1) =>
      call('POST', `/api/internal/bank-events/${stored!.id}/refund`, token, {
        amount,
        bankReference: 'FT-OUT-600',
        reason: 'Khách chuyển nhầm',
      });
    expect((await refund(600_001)).json().code).toBe('api.refund.exceeds_received');
    const asked = await refund(600_000);
    expect(asked.statusCode).toBe(202);
    const { approvalId } = asked.json().data;

    const noReason = await reject(approvalId, admin2, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual(['Vui lòng nhập lý do từ chối.']);
    const rejected = await reject(approvalId, admin2, 'Chưa có xác nhận của ngân hàng');
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      decisionReason: 'Chưa có xác nhận của ngân hàng',
    });
    expect(await rows(sql`select id from refunds where bank_event_id = ${stored!.id}`)).toHaveLength(0);
    expect((await approve(approvalId, admin2)).json().code).toBe('api.approval.decided');

    // Below the threshold a refund is recorded at once, by a member who moved nothing alone today
    // (admin1 marked an order paid above: theirs counts towards their own total).
    expect((await refund(100_000, await signIn(ctx.app, 'finance1', 'staff123'))).statusCode).toBe(200);
  });
});

describe('a promotion to admin, expiry, search and who may decide', () => {
  it('promotes only after approval, with a reason required', async () => {
    const { admin1, admin2 } = await admins();
    const target = (await call('POST', '/api/internal/users/find-many', admin1, { q: '8805678' })).json().data.items[0];
    const noReason = await call('PUT', `/api/internal/users/${target.id}/role`, admin1, { role: 'admin' });
    expect(noReason.json().errors.reason).toEqual(['Vui lòng nhập lý do cấp quyền quản trị viên.']);
    const asked = await call('PUT', `/api/internal/users/${target.id}/role`, admin1, {
      role: 'admin',
      reason: 'Trưởng ca vận hành mới',
    });
    expect(asked.statusCode).toBe(202);
    expect((await call('GET', `/api/internal/users/${target.id}`, admin1)).json().data.role).toBe('player');
    expect((await approve(asked.json().data.approvalId, admin2)).statusCode).toBe(200);
    expect((await call('GET', `/api/internal/users/${target.id}`, admin1)).json().data.role).toBe('admin');
    // Other role changes apply at once.
    expect((await call('PUT', `/api/internal/users/${target.id}/role`, admin2, { role: 'player' })).statusCode).toBe(
      200,
    );
  });

  it('expires after 24 hours, finds requests ignoring diacritics, and lets finance read but not decide', async () => {
    const { admin1, admin2 } = await admins();
    const asked = await call('POST', '/api/internal/transactions/create-manual', admin1, {
      shortId: '8801234',
      productId: 4445,
      reason: 'Quà xin lỗi vì lỗi nạp',
    });
    const { approvalId } = asked.json().data;
    const found = await list(admin2, `q=${encodeURIComponent('qua XIN loi')}`);
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([approvalId]);
    expect((await list(admin2, 'q=khongcodau')).total).toBe(0);

    const finance = await signIn(ctx.app, 'finance1', 'staff123');
    expect((await list(finance, 'status=pending')).items.some((item: { id: string }) => item.id === approvalId)).toBe(
      true,
    );
    expect((await approve(approvalId, finance)).statusCode).toBe(403);
    const support = await signIn(ctx.app, 'support1', 'staff123');
    expect((await call('GET', '/api/internal/approvals', support)).statusCode).toBe(403);

    await ctx.database.db.execute(
      sql`update approval_requests set expires_at = now() - interval '1 second' where id = ${approvalId}`,
    );
    expect((await list(admin2, 'status=expired')).items.map((item: { id: string }) => item.id)).toContain(approvalId);
    expect((await list(admin2, 'status=pending')).items.map((item: { id: string }) => item.id)).not.toContain(
      approvalId,
    );
    const late = await approve(approvalId, admin2);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('api.approval.expired');
    expect((await approve('not-an-id', admin2)).json().code).toBe('api.approval.not_found');
  });
});

describe('a requester withdraws their own request', () => {
  it('lets finance withdraw its own request with a reason, and no one else withdraw it', async () => {
    const { admin2 } = await admins();
    const finance = await signIn(ctx.app, 'finance1', 'staff123');
    const dear = await order(ctx.app, '8805678', 606);
    const asked = await call('POST', `/api/internal/transactions/${dear.id}/mark`, finance, { note: 'Sao kê 799k' });
    expect(asked.statusCode).toBe(202);
    const { approvalId } = asked.json().data;
    const withdraw = (token: string, reason?: string) =>
      call('POST', `/api/internal/approvals/${approvalId}/withdraw`, token, reason === undefined ? {} : { reason });

    const byAnother = await withdraw(admin2, 'Không phải của tôi');
    expect(byAnother.statusCode).toBe(409);
    expect(byAnother.json().code).toBe('api.approval.not_own');
    expect((await withdraw(finance)).json().errors.reason).toEqual(['Vui lòng nhập lý do từ chối.']);

    const withdrawn = await withdraw(finance, 'Nhầm đơn');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      message: 'Đã rút yêu cầu.',
      data: { status: 'rejected', decisionReason: 'Nhầm đơn', decider: { shortId: '8800004' }, mine: true },
    });
    expect((await transaction(ctx.app, dear.id)).status).toBe('initial');
    expect((await approve(approvalId, admin2)).json().code).toBe('api.approval.decided');
  });
});
