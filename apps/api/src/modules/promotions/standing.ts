import type { QuoteMoment, QuotePromotion, QuoteStanding } from '@carabala/contracts/quote';
import type { Db, Tx } from '../../db/client';
import { countClaims, findRunningPromotions, hasOtherPaidOrder, paidTotalBetween } from './repository';

/** What the promotions add to a quote's standing: the receiver's first-order, claim and spend counts. */
export type PromotionStanding = Pick<QuoteStanding, 'paidBefore' | 'claims' | 'spent'>;

/** A quote's moment: `at` and the promotions published and running then. */
export async function quoteMomentAt(db: Db | Tx, at: Date): Promise<QuoteMoment> {
  const promotions: QuotePromotion[] = (await findRunningPromotions(db, at)).map(({ id, content }) => ({
    id,
    ...content,
  }));
  return { at: at.getTime(), promotions };
}

/**
 * The receiver's counts the moment's promotions judge (decision record 058): whether they have paid
 * before (a first top-up; `exceptOrder` leaves out the order being paid), each bonus window's claims
 * and each spend-milestones promotion's paid total in its window. Without a receiver, none.
 */
export async function promotionStandingOf(
  db: Db | Tx,
  receiverId: string | null,
  moment: QuoteMoment,
  exceptOrder: string | null = null,
): Promise<PromotionStanding> {
  const claims: Record<number, number> = {};
  const spent: Record<number, number> = {};
  if (!receiverId) return { paidBefore: false, claims, spent };
  for (const promotion of moment.promotions) {
    if (promotion.kind === 'bonus_window') claims[promotion.id] = await countClaims(db, promotion.id, receiverId);
    if (promotion.kind === 'spend_milestones') {
      spent[promotion.id] = await paidTotalBetween(db, receiverId, promotion.startsAt, promotion.endsAt);
    }
  }
  const paidBefore = moment.promotions.some((promotion) => promotion.kind === 'first_topup')
    ? await hasOtherPaidOrder(db, receiverId, exceptOrder)
    : false;
  return { paidBefore, claims, spent };
}
