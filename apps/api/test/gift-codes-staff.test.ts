import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, giftCodes } from '../src/db/schema';
import { demoGiftCodes } from '../src/db/seed/gift-codes';
import { createPlayers, giftCodeCalls } from './gift-code-fixtures';
import { bearer, signIn, useTestApp } from './helpers';

const ctx = useTestApp();

let player1: string;
let admin: string;

beforeAll(async () => {
  [player1, admin] = await Promise.all([
    signIn(ctx.app, 'player1', 'player123'),
    signIn(ctx.app, 'admin1', 'admin123'),
  ]);
});

const { claim, staff, createCode } = giftCodeCalls(ctx, () => admin);

describe('staff calls', () => {
  it('creates a code, refuses a duplicate in any case, and audits', async () => {
    const created = await createCode({
      code: 'he-2026',
      maxUses: 2,
      startsAt: '2030-06-01T00:00:00+07:00',
      expiresAt: '2031-06-01T00:00:00+07:00',
      newPlayerOnly: true,
      allowedShortIds: ['8801234', '8801234'],
    });
    expect(created).toMatchObject({
      code: 'HE-2026',
      maxUses: 2,
      usesCount: 0,
      remaining: 2,
      startsAt: '2030-05-31T17:00:00.000Z',
      allowedShortIds: ['8801234'],
      newPlayerOnly: true,
      active: true,
    });
    const duplicate = await staff('POST', '/create-one', {
      code: 'He-2026',
      name: 'x',
      rewards: [{ itemId: 'diamond', quantity: 1 }],
      maxUses: null,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('api.gift_code.duplicate');
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audits.map((entry) => entry.action)).toEqual(['gift_code.create']);
  });

  it('validates create-one with field messages, never a 500', async () => {
    const response = await staff('POST', '/create-one', {
      code: 'a b!',
      name: '',
      rewards: [],
      maxUses: 0,
      startsAt: '2027-01-01T00:00:00Z',
      expiresAt: '2026-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['code', 'expiresAt', 'maxUses', 'name', 'rewards']);
    expect(errors.name).toEqual(['Vui lòng nhập tên.']);
    expect(errors.rewards).toEqual(['Cần ít nhất một phần thưởng.']);
    const window = await staff('POST', '/create-one', {
      code: 'WINDOW1',
      name: 'x',
      rewards: [{ itemId: 'diamond', quantity: 1 }],
      maxUses: null,
      startsAt: '2027-01-01T00:00:00Z',
      expiresAt: '2026-01-01T00:00:00Z',
    });
    expect(window.json().errors.expiresAt).toEqual(['Thời gian kết thúc phải sau thời gian bắt đầu.']);
  });

  it('refuses a reward item the catalogue does not know, on its field, in Vietnamese', async () => {
    const body = { code: 'VATPHAM1', name: 'x', maxUses: 1 };
    const unknown = await staff('POST', '/create-one', { ...body, rewards: [{ itemId: 'gem', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'api.validation',
      errors: { 'rewards.0.itemId': ['Vật phẩm không có trong danh mục.'] },
    });
    const batch = await staff('POST', '/batches', {
      ...body,
      prefix: 'VP',
      count: 1,
      rewards: [
        { itemId: 'diamond', quantity: 1 },
        { itemId: 'DIAMOND', quantity: 1 },
      ],
    });
    expect(batch.json().errors).toEqual({ 'rewards.1.itemId': ['Vật phẩm không có trong danh mục.'] });
    const created = await createCode({ code: 'VATPHAM2', maxUses: 1, rewards: [{ itemId: 'gold', quantity: 1 }] });
    const update = await staff('PUT', `/${created.id}`, {
      ...body,
      id: created.id,
      code: 'VATPHAM2',
      rewards: [{ itemId: '', quantity: 1 }],
    });
    expect(update.json().errors).toEqual({ 'rewards.0.itemId': ['Vui lòng chọn vật phẩm.'] });
  });

  it('still shows a stored reward whose item left the catalogue', async () => {
    const created = await createCode({ code: 'VATPHAMCU', maxUses: 1, rewards: [{ itemId: 'gold', quantity: 3 }] });
    await ctx.database.db.execute(
      sql`update gift_codes set rewards = '[{"itemId":"gem","quantity":3}]'::jsonb where id = ${created.id}`,
    );
    const detail = await staff('GET', `/${created.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.rewards).toEqual([{ itemId: 'gem', quantity: 3 }]);
  });

  it('lets staff read but only admins change', async () => {
    const { app, database } = ctx;
    const [staffer] = await createPlayers(database.db, app, 1);
    await database.db.execute(sql`UPDATE users SET role = 'support' WHERE id = ${staffer!.id}`);
    // As if the staff member had signed in with a second-factor code (decision record 029).
    await database.db.execute(sql`UPDATE sessions SET second_factor_at = now() WHERE user_id = ${staffer!.id}`);
    expect((await staff('POST', '/find-many', {}, staffer!.token)).statusCode).toBe(200);
    const refused = await staff(
      'POST',
      '/create-one',
      { code: 'STAFF1', name: 'x', rewards: [{ itemId: 'diamond', quantity: 1 }], maxUses: 1 },
      staffer!.token,
    );
    expect(refused.statusCode).toBe(403);
    expect((await staff('POST', '/find-many', {}, player1)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/internal/gift-codes/find-many', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('updates with the id in the body, refuses a mismatch or a total below the uses, and audits before and after', async () => {
    const code = await createCode({ code: 'SUA01', maxUses: 5 });
    const claimers = await createPlayers(ctx.database.db, ctx.app, 2);
    for (const claimer of claimers) expect((await claim(claimer.token, 'sua01')).json().code).toBe('api.success');
    const body = {
      id: code.id,
      code: 'SUA02',
      name: 'Đã sửa',
      rewards: [{ itemId: 'diamond', quantity: 9 }],
      maxUses: 3,
      active: false,
    };
    const mismatch = await staff('PUT', '/00000000-0000-4000-8000-000000000000', body);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.id).toBeDefined();
    const tooLow = await staff('PUT', `/${code.id}`, { ...body, maxUses: 1 });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().errors.maxUses).toEqual(['Tổng lượt không được nhỏ hơn số lượt đã dùng (2).']);
    const updated = await staff('PUT', `/${code.id}`, body);
    expect(updated.json().data).toMatchObject({
      code: 'SUA02',
      name: 'Đã sửa',
      maxUses: 3,
      usesCount: 2,
      remaining: 1,
      active: false,
      status: 'inactive',
    });
    const taken = await staff('PUT', `/${code.id}`, { ...body, code: demoGiftCodes.working.toLowerCase() });
    expect(taken.json().code).toBe('api.gift_code.duplicate');
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, code.id), eq(auditLog.action, 'gift_code.update')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({
      before: { code: 'SUA01', maxUses: 5 },
      after: { code: 'SUA02', active: false },
    });
    expect((await claim(player1, 'SUA02')).json().code).toBe('api.gift_code.unauthorized');
  });

  it('generates a batch of unique codes with a prefix and exports it as CSV', async () => {
    const response = await staff('POST', '/batches', {
      prefix: 'hn',
      count: 250,
      randomLength: 8,
      name: 'Offline Hà Nội, "VIP"',
      rewards: [{ itemId: 'diamond', quantity: 20 }],
      maxUses: 1,
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const { batchId, codes: made, count } = response.json().data;
    expect(count).toBe(250);
    expect(new Set(made).size).toBe(250);
    for (const code of made) expect(code).toMatch(/^HN[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect((await staff('POST', '/find-many', { batchId, pageSize: 1 })).json().data.total).toBe(250);

    const csv = await staff('GET', `/batches/${batchId}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="giftcodes-HN-\d{4}-\d\d-\d\d\.csv"$/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Mã,Tên,Phần thưởng,Lượt dùng tối đa,Đã dùng,Bắt đầu (giờ VN),Hết hạn (giờ VN),Chỉ người chơi mới,Đang bật',
    );
    expect(lines).toHaveLength(251);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([...made].sort());
    expect(lines[1]).toContain('"Offline Hà Nội, ""VIP""",20 × Kim cương,1,0,,2030-01-01 07:00:00,Không,Có');
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, batchId));
    expect(audits.map((entry) => entry.action).sort()).toEqual(['gift_code.batch_export', 'gift_code.batch_generate']);
  });
});

describe('a reward whose item left the catalogue', () => {
  it('may be kept when the code is changed, but never chosen anew', async () => {
    const code = await createCode({ code: `CU-${Date.now()}`, maxUses: null });
    // A code stored before the catalogue was enforced, with an item it does not list.
    await ctx.database.db
      .update(giftCodes)
      .set({ rewards: [{ itemId: 'gem', quantity: 3 }] })
      .where(eq(giftCodes.id, code.id));
    const detail = (await staff('GET', `/${code.id}`)).json().data;
    const body = {
      id: code.id,
      code: detail.code,
      name: detail.name,
      rewards: detail.rewards,
      maxUses: detail.maxUses,
      startsAt: detail.startsAt,
      expiresAt: detail.expiresAt,
      newPlayerOnly: detail.newPlayerOnly,
      allowedShortIds: detail.allowedShortIds,
      active: false,
    };
    const turnedOff = await staff('PUT', `/${code.id}`, body);
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    expect(turnedOff.json().data).toMatchObject({ active: false, rewards: [{ itemId: 'gem', quantity: 3 }] });

    const swapped = await staff('PUT', `/${code.id}`, { ...body, rewards: [{ itemId: 'ruby', quantity: 3 }] });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toMatchObject({
      code: 'api.validation',
      errors: { 'rewards.0.itemId': ['Vật phẩm không có trong danh mục.'] },
    });
  });

  it('asks for step-up to edit a code: a stale session cannot make TAMNGUNG active and unlimited', async () => {
    const [row] = await ctx.database.db
      .select({ id: giftCodes.id })
      .from(giftCodes)
      .where(eq(giftCodes.code, demoGiftCodes.inactive));
    const detail = (await staff('GET', `/${row!.id}`)).json().data;
    const body = {
      id: row!.id,
      code: detail.code,
      name: detail.name,
      rewards: [{ itemId: 'diamond', quantity: 1_000_000_000 }],
      maxUses: null,
      startsAt: null,
      expiresAt: null,
      newPlayerOnly: false,
      allowedShortIds: [],
      active: true,
    };
    // The same admin on a session whose code is older than the window (issue 36, item 3).
    const stale = await signIn(ctx.app, 'admin1', 'admin123', 'another device');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/auth/step-up', headers: bearer(stale) })).statusCode,
    ).toBe(200);
    const refused = await staff('PUT', `/${row!.id}`, body, stale);
    expect([refused.statusCode, refused.json().code]).toEqual([428, 'api.auth.step_up_required']);
    expect((await staff('GET', `/${row!.id}`)).json().data).toMatchObject({ active: false, maxUses: detail.maxUses });
    expect((await claim(player1, demoGiftCodes.inactive)).json().code).toBe('api.gift_code.unauthorized');

    // With a code from the last minutes the edit is applied.
    const applied = await staff('PUT', `/${row!.id}`, body);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ active: true, maxUses: null });
    expect((await claim(player1, demoGiftCodes.inactive)).json().code).toBe('api.success');
  });
});
