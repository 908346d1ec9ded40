'use client';

import {
  staffPromotionPageSchema,
  staffPromotionSchema,
  type PromotionBody,
  type StaffPromotion,
} from '@carabala/contracts';
import { draftRecords } from '../admin/draft-api';

/** The console's calls for promotions: the list, one promotion, saving its draft and publishing it (both with step-up). */
export const promotionRecords = draftRecords<StaffPromotion, PromotionBody>(
  'promotions',
  '/internal/promotions',
  staffPromotionPageSchema,
  staffPromotionSchema,
);
