import type { GameItem } from '@carabala/contracts/game-api';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGameItems, embeddedGameItems, refreshItems } from '../src/modules/game';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { buy, createTestPack } from './store-helpers';

// The game's items (issue 37): the copy in game_items refreshed from the game's list, the API's checks
// of the items packs, promotions, gift codes and grants name against it, and the console's read of it.

const ctx = useTestApp();
let content: string;
let admin: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  admin = await signIn(ctx.app, 'admin1', 'admin123');
});

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const dragonEgg: GameItem = { id: 'dragon_egg', name: 'Trứng Rồng', kind: 'consumable', icon: null };
/** The embedded game's list, changed by `change`, plus `extra`. */
async function gameList(change: (items: GameItem[]) => GameItem[] = (items) => items, extra: GameItem[] = []) {
  return [...change(await embeddedGameItems()), ...extra];
}
const refreshWith = (list: GameItem[]) => refreshItems(ctx.database.db, async () => list);

interface CopyRow {
  id: string;
  name: string;
  kind: string;
  listed: boolean;
}
const copy = async () => {
  const rows = await queryRows<CopyRow>(ctx, sql`select id, name, kind, listed from game_items order by id`);
  return new Map(rows.map((row) => [row.id, row]));
};

const unknownItem = ['Vật phẩm không có trong danh mục.'];

describe('the refresh of the copy', () => {
  it('inserts new items, updates changed ones, keeps the dropped ones unlisted and lists them again', async () => {
    const seeded = await copy();
    expect(seeded.get('diamond')).toMatchObject({ name: 'Kim cương', kind: 'currency', listed: true });
    expect(seeded.get('skin_ao_dai')).toMatchObject({ kind: 'cosmetic' });

    const added = await refreshWith(await gameList(undefined, [dragonEgg]));
    expect(added).toMatchObject({ added: ['dragon_egg'], changed: [], unlisted: [], relisted: [] });
    expect((await copy()).get('dragon_egg')).toMatchObject({ name: 'Trứng Rồng', listed: true });

    const changed = await refreshWith(
      await gameList(
        (items) =>
          items
            .filter((item) => item.id !== 'mooncake')
            .map((item) => (item.id === 'candy' ? { ...item, name: 'Kẹo ngọt', kind: 'other' as const } : item)),
        [dragonEgg],
      ),
    );
    expect(changed).toMatchObject({ added: [], changed: ['candy'], unlisted: ['mooncake'], relisted: [] });
    const after = await copy();
    expect(after.get('candy')).toMatchObject({ name: 'Kẹo ngọt', kind: 'other', listed: true });
    expect(after.get('mooncake')).toMatchObject({ name: 'Bánh trung thu', listed: false });

    const back = await refreshWith(await gameList());
    expect(back).toMatchObject({ relisted: ['mooncake'], unlisted: ['dragon_egg'] });
    expect(back.changed).toContain('candy');
    const again = await copy();
    expect(again.get('mooncake')?.listed).toBe(true);
    expect(again.get('dragon_egg')).toMatchObject({ name: 'Trứng Rồng', listed: false });
    expect(again.get('candy')).toMatchObject({ name: 'Kẹo', kind: 'consumable' });
  });

  it('keeps the copy when the game fails, answers outside the contract or lists nothing', async () => {
    const before = await copy();
    await expect(
      refreshItems(ctx.database.db, () => Promise.reject(new Error('Máy chủ trò chơi không trả lời'))),
    ).rejects.toThrow();
    await expect(refreshWith([])).rejects.toThrow('no items');
    await expect(refreshWith([{ ...dragonEgg, id: 'Dragon Egg' }])).rejects.toThrow();
    await expect(refreshWith([dragonEgg, dragonEgg])).rejects.toThrow('twice');
    expect(await copy()).toEqual(before);

    // The background's refresher: a failed round logs a warning and keeps the copy; the next one takes.
    const warnings: string[] = [];
    const log = {
      info: () => undefined,
      error: () => undefined,
      warn: (_: unknown, message: string) => warnings.push(message),
    };
    let fail = true;
    const refresher = createGameItems({
      db: ctx.database.db,
      log: log as never,
      everyMs: 60_000,
      source: async () => {
        if (fail) throw new Error('timeout');
        return gameList();
      },
    });
    expect(await refresher.refreshNow()).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(await copy()).toEqual(before);
    fail = false;
    expect(await refresher.refreshNow()).toBe(true);
    expect((await copy()).get('diamond')?.listed).toBe(true);
  });
});

describe('the items staff may name', () => {
  it('refuses a pack, an option, a promotion and a gift code naming an item the game does not list', async () => {
    await refreshWith(await gameList((items) => items.filter((item) => item.id !== 'mooncake')));
    const pack = await call('POST', '/api/internal/catalogue/packs', content, {
      title: 'Gói trung thu',
      tab: 'chu-de',
      price: 50_000,
      items: [
        { itemId: 'gold', quantity: 1 },
        { itemId: 'mooncake', quantity: 3 },
      ],
    });
    expect(pack.statusCode).toBe(400);
    expect(pack.json()).toMatchObject({ code: 'api.validation', errors: { 'items.1.itemId': unknownItem } });

    const selectable = await call('POST', '/api/internal/catalogue/packs', content, {
      title: 'Gói chọn',
      tab: 'chu-de',
      price: 50_000,
      options: [
        { title: 'Một', value: 20_000, items: [{ itemId: 'gold', quantity: 1 }] },
        { title: 'Hai', value: 30_000, items: [{ itemId: 'never_made', quantity: 1 }] },
      ],
    });
    expect(selectable.json().errors).toEqual({ 'options.1.items.0.itemId': unknownItem });

    const promotion = await call('POST', '/api/internal/promotions', content, {
      title: 'Mốc nạp',
      kind: 'spend_milestones',
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      milestones: [{ threshold: 100_000, items: [{ itemId: 'mooncake', quantity: 1 }] }],
    });
    expect(promotion.statusCode).toBe(400);
    expect(promotion.json().errors).toEqual({ 'milestones.0.items.0.itemId': unknownItem });

    const code = await call('POST', '/api/internal/gift-codes/create-one', admin, {
      code: 'TRUNGTHU1',
      name: 'Trung thu',
      maxUses: 1,
      rewards: [{ itemId: 'mooncake', quantity: 1 }],
    });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({ code: 'api.validation', errors: { 'rewards.0.itemId': unknownItem } });
    expect((await queryRows(ctx, sql`select 1 from gift_codes where code = 'TRUNGTHU1'`)).length).toBe(0);
  });

  it('takes a new item the game lists after a refresh, with no change to the code, and names it', async () => {
    const refused = await call('POST', '/api/internal/catalogue/packs', content, {
      title: 'Gói Rồng',
      tab: 'chu-de',
      price: 99_000,
      items: [{ itemId: 'dragon_egg', quantity: 1 }],
    });
    expect(refused.json().errors).toEqual({ 'items.0.itemId': unknownItem });

    await refreshWith(await gameList(undefined, [dragonEgg]));
    const id = await createTestPack(ctx.app, content, {
      title: 'Gói Rồng',
      tab: 'chu-de',
      items: [{ itemId: 'dragon_egg', quantity: 1 }],
    });
    expect(id).toBeGreaterThan(0);
    const names = await call('GET', '/api/items/names');
    expect(names.statusCode).toBe(200);
    expect(names.json().data.names).toMatchObject({ dragon_egg: 'Trứng Rồng', diamond: 'Kim cương' });
  });

  it('keeps an existing pack and code naming a dropped item working, and flags the item unlisted', async () => {
    await refreshWith(await gameList());
    const packId = await createTestPack(ctx.app, content, {
      title: 'Gói bánh',
      tab: 'chu-de',
      items: [{ itemId: 'mooncake', quantity: 2 }],
    });
    const code = await call('POST', '/api/internal/gift-codes/create-one', admin, {
      code: 'BANHCU1',
      name: 'Bánh',
      maxUses: 5,
      rewards: [{ itemId: 'mooncake', quantity: 1 }],
    });
    expect(code.statusCode, code.body).toBe(200);
    await refreshWith(await gameList((items) => items.filter((item) => item.id !== 'mooncake')));

    // Players still buy it; the order keeps its items.
    const bought = await buy(ctx.app, '8801234', packId);
    expect(bought.statusCode, bought.body).toBe(200);
    const [order] = await queryRows<{ items: unknown }>(
      ctx,
      sql`select items from orders where id = ${bought.json().data.id}`,
    );
    expect(order!.items).toEqual([{ itemId: 'mooncake', quantity: 2 }]);

    // Staff may still edit them, the dropped item kept; not add it anew elsewhere.
    const edited = await call('PUT', `/api/internal/catalogue/packs/${packId}`, content, {
      title: 'Gói bánh (cũ)',
      tab: 'chu-de',
      price: 100_000,
      items: [{ itemId: 'mooncake', quantity: 2 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const codeId = code.json().data.id;
    const renamed = await call('PUT', `/api/internal/gift-codes/${codeId}`, admin, {
      id: codeId,
      code: 'BANHCU1',
      name: 'Bánh (cũ)',
      maxUses: 5,
      rewards: [{ itemId: 'mooncake', quantity: 1 }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // A grant of it is refused: the game would not deliver the item.
    const grant = await call('POST', '/api/internal/transactions/create-manual', admin, {
      shortId: '8801234',
      productId: packId,
      reason: 'Bồi thường sự cố',
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().code).toBe('api.validation');
    expect(grant.json().errors.productId[0]).toContain('Bánh trung thu');

    const list = await call('GET', '/api/internal/items', content);
    expect(list.statusCode).toBe(200);
    const { items, refreshedAt } = list.json().data;
    expect(items.find((item: { id: string }) => item.id === 'mooncake')).toEqual({
      id: 'mooncake',
      name: 'Bánh trung thu',
      kind: 'consumable',
      icon: null,
      listed: false,
    });
    expect(items[0].listed).toBe(true);
    expect(Date.now() - Date.parse(refreshedAt)).toBeLessThan(60_000);
  });

  it('answers the copy to the staff who pick or check items only', async () => {
    expect((await call('GET', '/api/internal/items')).statusCode).toBe(401);
    const player = await signIn(ctx.app, 'player1', 'player123');
    const finance = await signIn(ctx.app, 'finance1', 'staff123');
    for (const token of [player, finance])
      expect((await call('GET', '/api/internal/items', token)).statusCode).toBe(403);
    const support = await signIn(ctx.app, 'support1', 'staff123');
    for (const token of [support, content, admin]) {
      expect((await call('GET', '/api/internal/items', token)).statusCode).toBe(200);
    }
  });
});
