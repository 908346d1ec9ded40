import type { MyVip, PublicVipTier } from '@carabala/contracts';
import type { QuoteTier } from '@carabala/contracts/quote';
import { vietnamDay, vietnamMonthRange } from '@carabala/contracts/labels';
import type { PublishedTier, TierSums } from './repository';

/** The Vietnam month of `at` (yyyy-mm) and when it started. */
export function vietnamMonthOf(at: Date) {
  const day = vietnamDay(at);
  return { month: day.slice(0, 7), start: vietnamMonthRange(day).from };
}

/** The highest tier (tiers: lowest threshold first) whose window's money reaches its threshold; -1: none. */
function reachedIndex(tiers: PublishedTier[], sums: Record<number, number>) {
  let reached = -1;
  tiers.forEach((tier, index) => {
    if ((sums[tier.id] ?? 0) >= tier.threshold) reached = index;
  });
  return reached;
}

/**
 * A player's tier (decision record 059): the highest tier their credited money reaches in its window
 * now, or the tier it reached on the first moment of this Vietnam month, kept for the whole month.
 */
export function tierOf(tiers: PublishedTier[], sums: Pick<TierSums, 'paid' | 'atMonthStart'> | undefined) {
  if (!sums) return { index: -1, kept: false };
  const now = reachedIndex(tiers, sums.paid);
  const then = reachedIndex(tiers, sums.atMonthStart);
  return { index: Math.max(now, then), kept: then > now };
}

/** What the quote reads of a tier: its bonus, and the tier-only packs of it and every tier below. */
export function quoteTierOf(tiers: PublishedTier[], index: number): QuoteTier | null {
  if (index < 0) return null;
  return {
    bonusPercent: tiers[index]!.bonusPercent,
    packIds: [...new Set(tiers.slice(0, index + 1).flatMap((tier) => tier.packIds))],
  };
}

/** Every pack or product id some tier keeps to itself. */
export const tierOnlyIds = (tiers: PublishedTier[]) => new Set(tiers.flatMap((tier) => tier.packIds));

export const publicTier = (tier: PublishedTier): PublicVipTier => ({ ...tier });

/** The player's page: their tier, their money in each window, and how far the next tier is. */
export function myVipOf(tiers: PublishedTier[], sums: TierSums | undefined): MyVip {
  const { index, kept } = tierOf(tiers, sums);
  const paid = Object.fromEntries(tiers.map((tier) => [String(tier.id), sums?.paid[tier.id] ?? 0]));
  const next = tiers[index + 1];
  return {
    tier: index >= 0 ? publicTier(tiers[index]!) : null,
    kept,
    paid,
    next: next
      ? {
          tier: publicTier(next),
          paid: paid[String(next.id)]!,
          remaining: Math.max(0, next.threshold - paid[String(next.id)]!),
        }
      : null,
  };
}
