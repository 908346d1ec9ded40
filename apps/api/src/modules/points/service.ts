import {
  pointsMessages,
  type AnalyticsQuery,
  type Paged,
  type PointsEntry,
  type PointsHistory,
  type PointsSettingsContent,
  type PointsShop,
  type PointsShopItemContent,
  type PointsShopItemListQuery,
  type PointsSummary,
  type StaffPlayerPoints,
  type StaffPointsSettings,
  type StaffPointsShopItem,
  type pointsShopItemBodySchema,
} from '@carabala/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { draftedDocuments } from '../../db/drafts';
import { toPaged } from '../../db/paging';
import { toStaffDocument } from '../../lib/drafted-documents';
import { AppError, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { itemFields, itemNames, refuseUnlistedItems } from '../game';
import { findUserByShortId } from '../users';
import { adjustPoints } from './adjust';
import { pointsFigures } from './analytics';
import { pointsModuleMessages as m } from './messages';
import { redeemItem, type Redeemer } from './redeem';
import {
  SETTINGS_ID,
  balanceOf,
  dueExpiry,
  findEntries,
  findPublishedShop,
  findSettingsRow,
  findShopItemRow,
  findShopItemRows,
  nextExpiry,
  nextShopItemId,
  publishedSettings,
  settingsDocuments,
  shopItemDocuments,
  type ShopItemRow,
} from './repository';

type ShopItemBody = z.output<typeof pointsShopItemBodySchema>;

/** How far ahead "points expiring soon" looks. */
const SOON_DAYS = 30;

const toEntry = (row: Awaited<ReturnType<typeof findEntries>>['rows'][number]): PointsEntry => ({
  id: row.id,
  kind: row.kind,
  points: row.points,
  about: row.about,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const toShopItem = (row: ShopItemRow): StaffPointsShopItem => ({ ...toStaffDocument(row), redeemed: row.redeemed });

/** Only items the game lists (or ones the item already had). */
async function shopItemContent(tx: Tx, id: number, body: ShopItemBody): Promise<PointsShopItemContent> {
  const current = await findShopItemRow(tx, id);
  const kept = [...(current?.draft.items ?? []), ...(current?.published?.items ?? [])].map((item) => item.itemId);
  await refuseUnlistedItems(tx, itemFields('items', body.items), kept);
  return body;
}

const audit =
  (what: 'settings' | 'item') =>
  async (
    tx: Tx,
    actorId: string,
    change: 'create' | 'update' | 'publish',
    id: number,
    content: object,
    changes: object,
  ) => {
    const action =
      what === 'settings'
        ? (`points.settings_${change === 'publish' ? 'publish' : 'update'}` as const)
        : (`points.item_${change}` as const);
    await recordAudit(tx, {
      actorId,
      action,
      targetType: what === 'settings' ? 'points_settings' : 'points_item',
      targetId: String(id),
      detail: { ...('title' in content ? { title: content.title } : {}), ...changes },
    });
  };

/** Points: the player's balance, history and shop; the staff's settings, shop items and adjustments. */
export function createPointsService({ db }: { db: Db }) {
  const settings = draftedDocuments<
    number,
    PointsSettingsContent,
    NonNullable<Awaited<ReturnType<typeof findSettingsRow>>>,
    StaffPointsSettings,
    PointsSettingsContent
  >(db, {
    ...settingsDocuments,
    newId: async () => SETTINGS_ID,
    contentOf: async (_tx, _id, body) => body,
    present: toStaffDocument,
    notFound: () => notFound(m.settingsNotFound),
    audit: audit('settings'),
  });
  const shop = draftedDocuments<number, PointsShopItemContent, ShopItemRow, StaffPointsShopItem, ShopItemBody>(db, {
    ...shopItemDocuments,
    newId: nextShopItemId,
    contentOf: shopItemContent,
    present: toShopItem,
    notFound: () => new AppError(404, pointsMessages.itemNotFound),
    audit: audit('item'),
  });

  return {
    async summary(userId: string, now = new Date()): Promise<PointsSummary> {
      const [balance, published, soonAt] = await Promise.all([
        balanceOf(db, userId),
        publishedSettings(db),
        nextExpiry(db, userId, now),
      ]);
      const horizon = new Date(now.getTime() + SOON_DAYS * 86_400_000);
      const soon = Math.min(balance, (await dueExpiry(db, userId, horizon)).amount);
      return {
        balance,
        expiringSoon: soon > 0 && soonAt ? { points: soon, at: soonAt.toISOString() } : null,
        rate: published?.rate ?? null,
        expiryMonths: published?.expiryMonths ?? null,
      };
    },

    async history(userId: string, page: { page: number; pageSize: number }): Promise<PointsHistory> {
      const { rows, total } = await findEntries(db, userId, page);
      return { items: rows.map(toEntry), total, page: page.page, pageSize: page.pageSize };
    },

    /** The published shop, each item's stock left and how often the player (if any) took it. */
    async shop(userId: string | null): Promise<PointsShop> {
      const [rows, names] = await Promise.all([findPublishedShop(db, userId), itemNames(db)]);
      return {
        items: rows.flatMap(({ id, content, redeemed, mine }) =>
          content
            ? [
                {
                  id,
                  title: content.title,
                  items: content.items.map((item) => ({ ...item, name: names[item.itemId] ?? null })),
                  price: content.price,
                  left: content.stock === null ? null : Math.max(content.stock - Number(redeemed), 0),
                  perPlayerLimit: content.perPlayerLimit,
                  mine: Number(mine),
                },
              ]
            : [],
        ),
      };
    },

    redeem: (player: Redeemer, itemId: number) => redeemItem(db, player, itemId),

    async settings(): Promise<StaffPointsSettings | null> {
      const row = await findSettingsRow(db, SETTINGS_ID);
      return row ? toStaffDocument(row) : null;
    },
    async saveSettings(actorId: string, body: PointsSettingsContent) {
      const exists = await findSettingsRow(db, SETTINGS_ID);
      return exists ? settings.update(SETTINGS_ID, actorId, body) : settings.create(actorId, body);
    },
    publishSettings: (actorId: string) => settings.publish(SETTINGS_ID, actorId),

    async listItems(query: PointsShopItemListQuery): Promise<Paged<StaffPointsShopItem>> {
      return toPaged(query, await findShopItemRows(db, query), toShopItem);
    },
    getItem: (id: number) => shop.get(id),
    createItem: (actorId: string, body: ShopItemBody) => shop.create(actorId, body),
    updateItem: (id: number, actorId: string, body: ShopItemBody) => shop.update(id, actorId, body),
    publishItem: (id: number, actorId: string) => shop.publish(id, actorId),

    async player(shortId: string): Promise<StaffPlayerPoints> {
      const user = await findUserByShortId(db, shortId.trim());
      if (!user) throw new AppError(404, m.playerNotFound);
      const { rows } = await findEntries(db, user.id, { page: 1, pageSize: 100 });
      return {
        player: { id: user.id, shortId: user.shortId, displayName: user.displayName },
        balance: await balanceOf(db, user.id),
        entries: rows.map(toEntry),
      };
    },
    figures: (query: AnalyticsQuery) => pointsFigures(db, query),
    adjust: (actorId: string, body: Parameters<typeof adjustPoints>[2]) => adjustPoints(db, actorId, body),
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
