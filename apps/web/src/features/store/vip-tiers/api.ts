'use client';

import { staffVipTierPageSchema, staffVipTierSchema, type StaffVipTier, type VipTierBody } from '@carabala/contracts';
import { draftRecords } from '../admin/draft-api';

/** The console's calls for VIP tiers: the list, one tier, saving its draft and publishing it (both with step-up). */
export const vipTierRecords = draftRecords<StaffVipTier, VipTierBody>(
  'vip-tiers',
  '/internal/vip-tiers',
  staffVipTierPageSchema,
  staffVipTierSchema,
);
