import {
  promotionMessages,
  type Paged,
  type PromotionContent,
  type PromotionEvent,
  type PromotionEventProgress,
  type PromotionListQuery,
  type StaffPromotion,
  type StorePromotion,
  type promotionBodySchema,
} from '@carabala/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { toPaged } from '../../db/paging';
import { draftedDocuments } from '../../db/drafts';
import { toStaffDocument } from '../../lib/drafted-documents';
import { notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { itemFields, refuseUnlistedItems } from '../game';
import {
  findClaimsOf,
  findPublishedPromotion,
  findRunningPromotions,
  paidTotalBetween,
  promotionDocuments,
  findStaffPromotion,
  findStaffPromotions,
  nextPromotionId,
  type StaffPromotionRow,
} from './repository';

type PromotionBody = z.output<typeof promotionBodySchema>;

const promotionNotFound = () => notFound(promotionMessages.notFound);

type UnnamedPromotion = Omit<StaffPromotion, 'packs'>;

const toStaffPromotion = (row: StaffPromotionRow): UnnamedPromotion => ({
  ...toStaffDocument(row),
  claims: Number(row.claims),
});

/** Every item a promotion's document names (its own and its milestones'). */
const itemsOfPromotion = (content: Pick<PromotionContent, 'items' | 'milestones'> | null | undefined) => [
  ...(content?.items ?? []),
  ...(content?.milestones ?? []).flatMap((milestone) => milestone.items),
];

/** The body as stored, once every item is one the game lists (or one the promotion already had). */
async function contentOf(tx: Tx, id: number, body: PromotionBody): Promise<PromotionContent> {
  const current = await findStaffPromotion(tx, id);
  const kept = [...itemsOfPromotion(current?.draft), ...itemsOfPromotion(current?.published)].map(
    (item) => item.itemId,
  );
  const fields = [
    ...itemFields('items', body.items),
    ...body.milestones.flatMap((milestone, index) => itemFields(`milestones.${index}.items`, milestone.items)),
  ];
  await refuseUnlistedItems(tx, fields, kept);
  return body;
}

const toStorePromotion = ({ id, content }: { id: number; content: PromotionContent }): StorePromotion => {
  const { perPlayerCap: _cap, startsAt: _start, ...shown } = content;
  return { id, ...shown };
};

/** A published spend-milestones promotion (an event page's), or the "not found" refusal. */
async function findEvent(db: Db, id: number) {
  const row = await findPublishedPromotion(db, id);
  if (!row || row.content.kind !== 'spend_milestones') throw promotionNotFound();
  return row.content;
}

export interface PromotionsDeps {
  db: Db;
  /** The console's names of product ids (the catalogue's): the packs a promotion names, shown by name. */
  productTitles: (ids: number[]) => Promise<Map<number, string>>;
}

/** Promotions staff draft and publish (audited, publish with step-up), and what the store shows of them. */
export function createPromotionsService({ db, productTitles }: PromotionsDeps) {
  /** Each promotion with the names of the packs it names (one read for a page). */
  const named = async (list: UnnamedPromotion[]): Promise<StaffPromotion[]> => {
    const titles = await productTitles([...new Set(list.flatMap((promotion) => promotion.draft.packIds))]);
    return list.map((promotion) => ({
      ...promotion,
      packs: promotion.draft.packIds.map((id) => ({ id, title: titles.get(id) ?? null })),
    }));
  };
  const one = async (promotion: Promise<UnnamedPromotion>) => (await named([await promotion]))[0]!;
  const drafted = draftedDocuments<number, PromotionContent, StaffPromotionRow, UnnamedPromotion, PromotionBody>(db, {
    ...promotionDocuments,
    newId: nextPromotionId,
    contentOf,
    present: toStaffPromotion,
    notFound: promotionNotFound,
    audit: (tx, actorId, change, id, content, changes) =>
      recordAudit(tx, {
        actorId,
        action: `promotion.${change}`,
        targetType: 'promotion',
        targetId: String(id),
        detail: { title: content.title, ...changes },
      }),
  });

  return {
    async list(query: PromotionListQuery): Promise<Paged<StaffPromotion>> {
      const page = toPaged(query, await findStaffPromotions(db, query), toStaffPromotion);
      return { ...page, items: await named(page.items) };
    },

    get: (id: number) => one(drafted.get(id)),
    create: (actorId: string, body: PromotionBody) => one(drafted.create(actorId, body)),
    update: (id: number, actorId: string, body: PromotionBody) => one(drafted.update(id, actorId, body)),

    /** Copies the draft to the published state (its route is stepped-up, as are the draft's writes). */
    publish: (id: number, actorId: string) => one(drafted.publish(id, actorId)),

    /** The promotions published and running at `at`: as the quote reads them, and as the store shows them. */
    async runningAt(at: Date) {
      const rows = await findRunningPromotions(db, at);
      const moment = { at: at.getTime(), promotions: rows.map(({ id, content }) => ({ id, ...content })) };
      return { moment, promotions: rows.map(toStorePromotion) };
    },

    /** A published spend-milestones promotion as its event page shows it to everyone. */
    async event(id: number): Promise<PromotionEvent> {
      const { title, startsAt, endsAt, packIds, tabs, milestones } = await findEvent(db, id);
      return { id, title, startsAt, endsAt, packIds, tabs, milestones };
    },

    /** The player's progress in an event: their paid total in its window as it counts it, the next threshold, what they got. */
    async eventProgress(id: number, userId: string): Promise<PromotionEventProgress> {
      const content = await findEvent(db, id);
      const spent = await paidTotalBetween(db, userId, content.startsAt, content.endsAt);
      const thresholds = content.milestones.map((milestone) => milestone.threshold).sort((a, b) => a - b);
      const received = (await findClaimsOf(db, id, userId)).map((claim) => ({
        threshold: claim.slot,
        items: claim.items,
        at: claim.createdAt.toISOString(),
      }));
      return { spent, next: thresholds.find((threshold) => threshold > spent) ?? null, received };
    },

    /** The promotions running now, as the store page shows them (the same for everyone). */
    async running(at = new Date()): Promise<StorePromotion[]> {
      return (await findRunningPromotions(db, at)).map(toStorePromotion);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
