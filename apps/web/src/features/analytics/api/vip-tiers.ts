'use client';

import { vipPlayersPerTierSchema } from '@carabala/contracts';
import { useRead } from '@/lib/staff-query';

/** Players per published VIP tier now (decision record 059): not a range, the tiers as they stand. */
export const useVipPlayersPerTier = () =>
  useRead(['analytics', 'vip-tiers'], '/internal/analytics/vip-tiers', vipPlayersPerTierSchema);
