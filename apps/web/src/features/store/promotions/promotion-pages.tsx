'use client';

import { promotionKinds, type PromotionBody, type StaffPromotion } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { formatCount, formatConsoleTime } from '@/lib/format';
import { DraftCreatePage, DraftEditPage } from '../admin/draft-pages';
import { promotionRecords } from './api';
import type { Listed } from '../admin/draft-api';
import { DraftListPage } from '../admin/draft-list';
import { PromotionForm } from './promotion-form';
import type { PromotionValues } from './promotion-values';

/** The promotions for staff: search ignoring diacritics, filter by kind and state, create one. */
export function PromotionListPage() {
  const t = useTranslations('admin.promotions');
  const tStore = useTranslations('store');
  const kinds = promotionKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }));
  return (
    <DraftListPage<Listed<StaffPromotion>>
      section="promotions"
      records={promotionRecords}
      group={{ name: 'kind', options: kinds }}
      rowTestId="promotion-row"
      row={({ draft, state, claims, packs }) => {
        const targets = [
          ...packs.map((pack) => pack.title ?? `#${pack.id}`),
          ...draft.tabs.map((tab) => tStore(`tabs.${tab}`)),
        ];
        return {
          title: draft.title,
          state,
          facts: (
            <>
              {t(`kinds.${draft.kind}`)} · {formatConsoleTime(draft.startsAt)} → {formatConsoleTime(draft.endsAt)} ·{' '}
              {targets.length ? targets.join(', ') : t('allPacks')} · {t('claims', { count: formatCount(claims) })}
            </>
          ),
        };
      }}
    />
  );
}

/** A promotion's page: its state, how often it gave, the draft's form and the publish button (step-up). */
export function PromotionEditPage({ id }: { id: number }) {
  const t = useTranslations('admin.promotions');
  return (
    <DraftEditPage<StaffPromotion, PromotionBody, PromotionValues>
      records={promotionRecords}
      words="admin.promotions"
      id={id}
      listHref="/admin/promotions"
      testId="promotion-state"
      note={(promotion) => t('claims', { count: formatCount(promotion.claims) })}
      form={(promotion, save) => <PromotionForm key={promotion.updatedAt} promotion={promotion} {...save} />}
    />
  );
}

/** A new promotion: saved as a draft, then its own page (where it is published). */
export function PromotionCreatePage() {
  return (
    <DraftCreatePage<StaffPromotion, PromotionBody, PromotionValues>
      records={promotionRecords}
      words="admin.promotions"
      listHref="/admin/promotions"
      form={(save) => <PromotionForm {...save} />}
    />
  );
}
