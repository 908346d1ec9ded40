import {
  vipMessages,
  type MyVip,
  type Paged,
  type StaffVipTier,
  type VipTierContent,
  type VipTierListQuery,
  type VipPlayersPerTier,
  type VipTiers,
  type vipTierBodySchema,
} from '@carabala/contracts';
import type { QuoteTier } from '@carabala/contracts/quote';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { draftedDocuments } from '../../db/drafts';
import { toPaged } from '../../db/paging';
import { toStaffDocument } from '../../lib/drafted-documents';
import { notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { itemFields, refuseUnlistedItems } from '../game';
import {
  findPublishedTiers,
  findStaffVipTier,
  findStaffVipTiers,
  nextVipTierId,
  tierSums,
  vipTierDocuments,
  type PublishedTier,
  type StaffVipTierRow,
} from './repository';
import { myVipOf, publicTier, quoteTierOf, tierOf, tierOnlyIds, vietnamMonthOf } from './standing';

type VipTierBody = z.output<typeof vipTierBodySchema>;

/** The body as stored, once every gift item is one the game lists (or one the tier already had). */
async function contentOf(tx: Tx, id: number, body: VipTierBody): Promise<VipTierContent> {
  const current = await findStaffVipTier(tx, id);
  const kept = [...(current?.draft.giftItems ?? []), ...(current?.published?.giftItems ?? [])].map(
    (item) => item.itemId,
  );
  await refuseUnlistedItems(tx, itemFields('giftItems', body.giftItems), kept);
  return body;
}

/** A receiver's tier among the published `tiers` at `at`; `exceptOrder` leaves out the order being paid. */
async function tierAmong(
  db: Db | Tx,
  tiers: PublishedTier[],
  receiverId: string,
  at: Date,
  exceptOrder: string | null = null,
) {
  if (tiers.length === 0) return { index: -1, kept: false };
  const [sums] = await tierSums(db, tiers, at, vietnamMonthOf(at).start, { receiverId, exceptOrder });
  return tierOf(tiers, sums);
}

/** What the quote reads (decision record 058): the receiver's tier perks before the order being paid. */
export async function quoteTierAt(db: Db | Tx, receiverId: string, at: Date, exceptOrder: string | null = null) {
  const tiers = await findPublishedTiers(db);
  return quoteTierOf(tiers, (await tierAmong(db, tiers, receiverId, at, exceptOrder)).index);
}

/** A receiver's tier perks and the packs only tiers may buy: what a quote needs of the tiers. */
export interface TierStanding {
  tier: QuoteTier | null;
  tierOnly: ReadonlySet<number>;
}

/** Tiers staff draft and publish (audited, with step-up), what players read of them, and the quote's part. */
export interface VipDeps {
  db: Db;
  /** The console's names of product ids (the catalogue's): the tier-only packs, shown by name. */
  productTitles: (ids: number[]) => Promise<Map<number, string>>;
}

export function createVipService({ db, productTitles }: VipDeps) {
  const drafted = draftedDocuments<number, VipTierContent, StaffVipTierRow, StaffVipTier, VipTierBody>(db, {
    ...vipTierDocuments,
    newId: nextVipTierId,
    contentOf,
    present: (row) => ({ ...toStaffDocument(row), players: 0, packs: [] }),
    notFound: () => notFound(vipMessages.notFound),
    audit: (tx, actorId, change, id, content, changes) =>
      recordAudit(tx, {
        actorId,
        action: `vip_tier.${change}`,
        targetType: 'vip_tier',
        targetId: String(id),
        detail: { title: content.title, ...changes },
      }),
  });

  /** Players per published tier now (the console's table and the analytics); -1: paying players with no tier. */
  async function playersPerTier(at = new Date()): Promise<Map<number, number>> {
    const tiers = await findPublishedTiers(db);
    const counts = new Map([...tiers.map((tier): [number, number] => [tier.id, 0]), [-1, 0]]);
    for (const sums of await tierSums(db, tiers, at, vietnamMonthOf(at).start)) {
      const id = tiers[tierOf(tiers, sums).index]?.id ?? -1;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }
  /** Each tier with its players and the names of its tier-only packs (one read each for a page). */
  const counted = async (tiers: StaffVipTier[]) => {
    const counts = await playersPerTier();
    const titles = await productTitles([...new Set(tiers.flatMap((tier) => tier.draft.packIds))]);
    return tiers.map((tier) => ({
      ...tier,
      players: counts.get(tier.id) ?? 0,
      packs: tier.draft.packIds.map((id) => ({ id, title: titles.get(id) ?? null })),
    }));
  };
  const one = async (tier: Promise<StaffVipTier>) => (await counted([await tier]))[0]!;

  return {
    async list(query: VipTierListQuery): Promise<Paged<StaffVipTier>> {
      const page = toPaged(query, await findStaffVipTiers(db, query), (row) => ({
        ...toStaffDocument(row),
        players: 0,
        packs: [],
      }));
      return { ...page, items: await counted(page.items) };
    },
    get: (id: number) => one(drafted.get(id)),
    create: (actorId: string, body: VipTierBody) => one(drafted.create(actorId, body)),
    update: (id: number, actorId: string, body: VipTierBody) => one(drafted.update(id, actorId, body)),
    publish: (id: number, actorId: string) => one(drafted.publish(id, actorId)),

    /** The published tiers, as everyone reads them. */
    async tiers(): Promise<VipTiers> {
      return { tiers: (await findPublishedTiers(db)).map(publicTier) };
    },

    /** The signed-in player's tier, their money and the way to the next tier. */
    async mine(userId: string, at = new Date()): Promise<MyVip> {
      const tiers = await findPublishedTiers(db);
      const [sums] = await tierSums(db, tiers, at, vietnamMonthOf(at).start, { receiverId: userId });
      return myVipOf(tiers, sums);
    },

    /** The analytics' figure: players per published tier now. */
    async analytics(): Promise<VipPlayersPerTier> {
      const tiers = await findPublishedTiers(db);
      const counts = await playersPerTier();
      return {
        tiers: tiers.map(({ id, title, threshold }) => ({ id, title, threshold, players: counts.get(id) ?? 0 })),
        withoutTier: counts.get(-1) ?? 0,
      };
    },

    /** The quote's inputs: a receiver's tier perks, and the ids only some tier sees. */
    /** The quote's part (decision record 058), from one read of the published tiers. */
    async quoteInputs(receiverId: string | null, at: Date): Promise<TierStanding> {
      const tiers = await findPublishedTiers(db);
      const tier = receiverId ? quoteTierOf(tiers, (await tierAmong(db, tiers, receiverId, at)).index) : null;
      return { tier, tierOnly: tierOnlyIds(tiers) };
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
