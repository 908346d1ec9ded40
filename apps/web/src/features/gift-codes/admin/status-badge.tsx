'use client';

import type { GiftCodeStatus } from '@carabala/contracts';
import { statusBadge, type BadgeTone } from '@/components/badge';

const tones: Record<GiftCodeStatus, BadgeTone> = {
  active: 'leaf',
  scheduled: 'royal',
  inactive: 'muted',
  expired: 'ruby',
  used_up: 'gold',
};

export const GiftCodeStatusBadge = statusBadge('adminOps.giftCodes.statuses', tones, 'gift-code-status');
