import { giftCodeMessages } from '@carabala/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftCodeClaims, giftCodes, mails } from '../src/db/schema';
import { demoGiftCodes } from '../src/db/seed/gift-codes';
import { createPlayers, giftCodeCalls, type TestPlayer } from './gift-code-fixtures';
import { signIn, useTestApp } from './helpers';

const ctx = useTestApp({ GIFT_CODE_FAILURES_PER_PLAYER: '4', GIFT_CODE_FAILURES_PER_IP: '12' });

let player1: string;
let player2: string;
let admin: string;

beforeAll(async () => {
  [player1, player2, admin] = await Promise.all([
    signIn(ctx.app, 'player1', 'player123'),
    signIn(ctx.app, 'player2', 'player123'),
    signIn(ctx.app, 'admin1', 'admin123'),
  ]);
});

const { claim, staff, createCode } = giftCodeCalls(ctx, () => admin);

describe('POST /api/gift-codes/claim: every outcome, success and each refusal', () => {
  it('redeems a code typed in any case with stray spaces, and mails the reward once', async () => {
    const response = await claim(
      player1,
      `  ${demoGiftCodes.working.toLowerCase().slice(0, 4)} ${demoGiftCodes.working.slice(4)} `,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: 'api.success',
      message: 'Nhập giftcode thành công, phần thưởng sẽ được chuyển đến hộp thư của bạn.',
      data: {
        code: demoGiftCodes.working,
        rewards: [
          { itemId: 'diamond', quantity: 100 },
          { itemId: 'gold', quantity: 10000 },
        ],
      },
    });
    const sent = await ctx.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.source, 'gift_code'), eq(mails.sourceId, body.data.claimId)));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ receiverShortId: '8801234', status: 'pending', items: body.data.rewards });
  });

  it('refuses a second claim by the same player with api.gift_code.claimed', async () => {
    const response = await claim(player1, demoGiftCodes.working);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'api.gift_code.claimed',
      message: 'Bạn đã nhận phần thưởng này trước đó.',
    });
    const [{ uses }] = (await ctx.database.db
      .select({ uses: giftCodes.usesCount })
      .from(giftCodes)
      .where(eq(giftCodes.code, demoGiftCodes.working))) as [{ uses: number }];
    expect(uses).toBe(1);
  });

  it.each([
    ['an unknown code', 'KHONGCOMA', 'player1', 'api.gift_code.not_found', 'Giftcode này không thể sử dụng.'],
    [
      'a code for other User IDs',
      demoGiftCodes.restricted,
      'player1',
      'api.gift_code.unauthorized',
      'Bạn không thể sử dụng giftcode này.',
    ],
    [
      'an inactive code',
      demoGiftCodes.inactive,
      'player1',
      'api.gift_code.unauthorized',
      'Bạn không thể sử dụng giftcode này.',
    ],
    [
      'a code not started yet',
      demoGiftCodes.notStarted,
      'player1',
      'api.gift_code.unauthorized',
      'Bạn không thể sử dụng giftcode này.',
    ],
    ['an expired code', demoGiftCodes.expired, 'player1', 'api.gift_code.expired', 'Giftcode đã hết số lượt sử dụng.'],
    [
      'a used-up code',
      demoGiftCodes.usedUp,
      'player1',
      'api.gift_code.none_remaining',
      'Giftcode đã hết số lượt sử dụng.',
    ],
    [
      'a new-players code to a veteran',
      demoGiftCodes.newPlayers,
      'player2',
      'api.gift_code.new_player_only',
      'Phần thưởng này chỉ áp dụng cho người chơi mới.',
    ],
  ])('refuses %s', async (_label, code, who, expectedCode, message) => {
    const token = who === 'player2' ? player2 : player1;
    const response = await claim(token, code, '10.2.0.1');
    // A signed-in player's refusal is never 401/403, which the site reads as "signed out".
    expect([404, 409, 410, 422]).toContain(response.statusCode);
    expect(response.json()).toEqual({ code: expectedCode, message });
  });

  it('tells the player who took the last use that they claimed it, not that none remain', async () => {
    await createCode({ code: 'CUOICUNG', maxUses: 1 });
    expect((await claim(player2, 'CUOICUNG')).json().code).toBe('api.success');
    expect((await claim(player2, 'CUOICUNG')).json().code).toBe('api.gift_code.claimed');
    expect((await claim(player1, 'CUOICUNG')).json().code).toBe('api.gift_code.none_remaining');
  });

  it('refuses, in the database, a use beyond the total even when the claim rules are not asked', async () => {
    const [usedUp] = await ctx.database.db.select().from(giftCodes).where(eq(giftCodes.code, demoGiftCodes.usedUp));
    const [late] = await createPlayers(ctx.database.db, ctx.app, 1);
    const refused = await claim(late!.token, demoGiftCodes.usedUp, '10.6.0.1');
    expect(refused.json().code).toBe('api.gift_code.none_remaining');
    // The claim statement's rules only choose the message: the table itself refuses the use too many
    // (a concurrent claim that made the rules' view stale meets the same CHECK).
    const failure = await ctx.database.db
      .execute(sql`UPDATE gift_codes SET uses_count = uses_count + 1 WHERE id = ${usedUp!.id}`)
      .then(
        () => null,
        (error: { message?: string; cause?: { message?: string } }) => `${error.message} ${error.cause?.message}`,
      );
    expect(failure).toMatch(/gift_codes_uses_within_max/);
    const left = await ctx.database.db.select().from(mails).where(eq(mails.receiverId, late!.id));
    expect(left).toEqual([]);
    const [after] = await ctx.database.db.select().from(giftCodes).where(eq(giftCodes.id, usedUp!.id));
    expect(after!.usesCount).toBe(1);
  });

  it('lets the listed player and a new player claim what others cannot', async () => {
    expect((await claim(player2, demoGiftCodes.restricted)).json().code).toBe('api.success');
    expect((await claim(player1, demoGiftCodes.newPlayers)).json().code).toBe('api.success');
  });

  it('requires a signed-in player and a code', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/gift-codes/claim', payload: { code: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    for (const code of ['', '   ', undefined, 42, 'A'.repeat(41)]) {
      const response = await claim(player1, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('api.validation');
      expect(response.json().errors.code[0]).toMatch(/^Vui lòng nhập/);
    }
  });

  it('gives a refused claim no mail and no use', async () => {
    // This suite's four claims; the demo history's made-up players (User IDs 86…) have one mail per claim too.
    const [{ total, ours, history }] = (await ctx.database.db
      .select({
        total: sql<number>`count(*)::int`,
        ours: sql<number>`(count(*) FILTER (WHERE ${mails.receiverShortId} NOT LIKE '86%'))::int`,
        history: sql<number>`(SELECT count(*)::int FROM ${giftCodeClaims} c JOIN users u ON u.id = c.user_id
          WHERE u.short_id LIKE '86%')`,
      })
      .from(mails)
      .where(eq(mails.source, 'gift_code'))) as [{ total: number; ours: number; history: number }];
    expect(ours).toBe(4);
    expect(total).toBe(4 + history);
    const usedUp = await ctx.database.db.select().from(giftCodes).where(eq(giftCodes.code, demoGiftCodes.usedUp));
    expect(usedUp[0]!.usesCount).toBe(1);
  });

  it('lets a player claim only one code of a batch', async () => {
    const batch = await staff('POST', '/batches', {
      prefix: 'lo',
      count: 3,
      name: 'Lô thử',
      rewards: [{ itemId: 'diamond', quantity: 1 }],
      maxUses: 1,
    });
    const [first, second, third] = batch.json().data.codes as [string, string, string];
    const [somebody] = await createPlayers(ctx.database.db, ctx.app, 1);
    expect((await claim(somebody!.token, first)).json().code).toBe('api.success');
    expect((await claim(somebody!.token, second)).json().code).toBe('api.gift_code.claimed');
    expect((await claim(player2, second)).json().code).toBe('api.success');
    expect((await claim(player1, third)).json().code).toBe('api.success');
    expect((await claim(player2, first)).json().code).toBe('api.gift_code.claimed');
  });
});

describe('guessing is throttled', () => {
  let guesser: TestPlayer;
  let bystander: TestPlayer;
  beforeAll(async () => {
    [guesser, bystander] = (await createPlayers(ctx.database.db, ctx.app, 2)) as [TestPlayer, TestPlayer];
  });

  it('refuses the 5th guess of a player after 4 unknown codes, with 429, while another player still claims', async () => {
    const code = await createCode({ code: 'DOANMA01', maxUses: null });
    for (let i = 0; i < 4; i += 1) {
      expect((await claim(guesser.token, `DOAN${i}XX`, `10.3.0.${i}`)).json().code).toBe('api.gift_code.not_found');
    }
    const refused = await claim(guesser.token, code.code, '10.3.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'api.rate_limited',
      key: giftCodeMessages.tooManyAttempts,
      message: 'Bạn đã nhập sai giftcode quá nhiều lần. Vui lòng thử lại sau ít phút.',
    });
    const other = await claim(bystander.token, code.code, '10.3.0.9');
    expect(other.json().code).toBe('api.success');
  });

  it('refuses one IP after 12 unknown codes from many players; other IPs are not affected', async () => {
    const players = await createPlayers(ctx.database.db, ctx.app, 13);
    for (let i = 0; i < 12; i += 1) {
      expect((await claim(players[i]!.token, `IPDOAN${i}`, '10.4.0.1')).statusCode).toBe(404);
    }
    expect((await claim(players[12]!.token, 'IPDOANX', '10.4.0.1')).statusCode).toBe(429);
    expect((await claim(players[12]!.token, 'IPDOANX', '10.4.0.2')).statusCode).toBe(404);
  });

  it('does not count refusals of real codes as guesses', async () => {
    const [patient] = await createPlayers(ctx.database.db, ctx.app, 1);
    for (let i = 0; i < 6; i += 1) {
      expect((await claim(patient!.token, demoGiftCodes.usedUp, '10.5.0.1')).json().code).toBe(
        'api.gift_code.none_remaining',
      );
    }
  });
});

describe('staff reads after the claims above', () => {
  it('finds codes by search and status with usage counts and pages', async () => {
    const search = await staff('POST', '/find-many', { search: 'chaomung' });
    expect(search.json().data).toMatchObject({
      total: 1,
      items: [{ code: demoGiftCodes.working, usesCount: 1, status: 'active' }],
    });
    const statuses = async (status: string) =>
      ((await staff('POST', '/find-many', { status, pageSize: 100 })).json().data.items as { code: string }[]).map(
        (item) => item.code,
      );
    expect(await statuses('expired')).toEqual([demoGiftCodes.expired]);
    expect(await statuses('inactive')).toEqual([demoGiftCodes.inactive]);
    const later = await createCode({
      code: 'SAU-NAY-2099',
      maxUses: null,
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await statuses('scheduled')).toEqual(expect.arrayContaining([demoGiftCodes.notStarted, later.code]));
    expect(await statuses('used_up')).toContain(demoGiftCodes.usedUp);
    expect(await statuses('active')).not.toContain(demoGiftCodes.usedUp);
    const page = await staff('POST', '/find-many', { page: 2, pageSize: 2 });
    expect(page.json().data).toMatchObject({ page: 2, pageSize: 2, items: [{}, {}] });
    expect(page.json().data.total).toBeGreaterThan(4);
    expect((await staff('POST', '/find-many', { search: '%' })).json().data.total).toBe(0);
  });

  it('gets a code with its claims and mails', async () => {
    const found = (await staff('POST', '/find-many', { search: demoGiftCodes.restricted })).json().data.items[0];
    const detail = await staff('GET', `/${found.id}`);
    expect(detail.json().data).toMatchObject({
      code: demoGiftCodes.restricted,
      usesCount: 1,
      claims: [{ shortId: '8805678', displayName: 'Trần Bảo Ngọc', mailId: expect.any(String) }],
    });
    expect((await staff('GET', '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await staff('GET', '/not-a-uuid')).statusCode).toBe(400);
  });
});
