'use client';

import type { StaffVipTier, VipTierBody } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { formatCount, formatVnd } from '@/lib/format';
import type { Listed } from '../admin/draft-api';
import { DraftCreatePage, DraftEditPage } from '../admin/draft-pages';
import { DraftListPage } from '../admin/draft-list';
import { vipTierRecords } from './api';
import { VipTierForm } from './tier-form';
import type { VipTierValues } from './tier-values';

/** The VIP tiers for staff: search ignoring diacritics, filter by state, create one; each with its players. */
export function VipTierListPage() {
  const t = useTranslations('admin.vip');
  return (
    <DraftListPage<Listed<StaffVipTier>>
      section="vip"
      records={vipTierRecords}
      rowTestId="vip-tier-row"
      row={({ draft, state, players }) => ({
        title: draft.title,
        state,
        facts: t('facts', {
          threshold: formatVnd(draft.threshold),
          days: draft.windowDays,
          percent: draft.bonusPercent,
          packs: draft.packIds.length,
          players: formatCount(players),
        }),
      })}
    />
  );
}

/** A tier's page: its state, its players, the draft's form and the publish button (step-up). */
export function VipTierEditPage({ id }: { id: number }) {
  const t = useTranslations('admin.vip');
  return (
    <DraftEditPage<StaffVipTier, VipTierBody, VipTierValues>
      records={vipTierRecords}
      words="admin.vip"
      id={id}
      listHref="/admin/vip"
      testId="vip-tier-state"
      note={(tier) => t('players', { count: formatCount(tier.players) })}
      form={(tier, save) => <VipTierForm key={tier.updatedAt} tier={tier} {...save} />}
    />
  );
}

/** A new tier: saved as a draft, then its own page (where it is published). */
export function VipTierCreatePage() {
  return (
    <DraftCreatePage<StaffVipTier, VipTierBody, VipTierValues>
      records={vipTierRecords}
      words="admin.vip"
      listHref="/admin/vip"
      form={(save) => <VipTierForm {...save} />}
    />
  );
}
