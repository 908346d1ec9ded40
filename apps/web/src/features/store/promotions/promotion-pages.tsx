'use client';

import { promotionKinds, type PromotionBody, type StaffPromotion } from '@carabala/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/back-link';
import { showRefusal } from '@/components/form/schema-form';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatConsoleTime } from '@/lib/format';
import { DraftHeader } from '../admin/draft-header';
import { promotionRecords } from './api';
import type { Listed } from '../admin/draft-api';
import { DraftListPage } from '../admin/draft-list';
import { PromotionForm, type PromotionFormApi } from './promotion-form';

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

/** Saves the form's body: a toast, or the API's refusal under its fields. */
function useSaveHandler(id: number | undefined, then: (saved: StaffPromotion) => void) {
  const t = useTranslations('admin.promotions');
  const tOps = useTranslations('adminOps');
  const save = promotionRecords.useSave(id);
  const onSave = (body: PromotionBody, form: PromotionFormApi) =>
    save.mutateAsync(body).then(
      (saved) => {
        toast.success(t('saved'));
        then(saved);
      },
      (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
    );
  return { onSave, pending: save.isPending };
}

/** A promotion's page: its state, how often it gave, the draft's form and the publish button (step-up). */
export function PromotionEditPage({ id }: { id: number }) {
  const t = useTranslations('admin.promotions');
  const query = promotionRecords.useOne(id);
  const publish = promotionRecords.usePublish(id);
  const { onSave, pending } = useSaveHandler(id, () => undefined);
  if (query.isPending) return <Spinner className="size-6" />;
  if (query.isError) return <p className="text-ruby">{query.error.message}</p>;
  const promotion = query.data;
  return (
    <div>
      <DraftHeader
        words="admin.promotions"
        backHref="/admin/promotions"
        record={promotion}
        testId="promotion-state"
        publish={publish}
        note={` ${t('claims', { count: formatCount(promotion.claims) })}`}
      />
      <div className="mt-4 max-w-3xl">
        <PromotionForm key={promotion.updatedAt} promotion={promotion} pending={pending} onSave={onSave} />
      </div>
    </div>
  );
}

/** A new promotion: saved as a draft, then its own page (where it is published). */
export function PromotionCreatePage() {
  const t = useTranslations('admin.promotions');
  const router = useRouter();
  const { onSave, pending } = useSaveHandler(undefined, (saved) => router.replace(`/admin/promotions/${saved.id}`));
  return (
    <div>
      <BackLink href="/admin/promotions" label={t('back')} />
      <h1 className="mt-2 text-2xl font-black">{t('createTitle')}</h1>
      <div className="mt-4 max-w-3xl">
        <PromotionForm pending={pending} onSave={onSave} />
      </div>
    </div>
  );
}
