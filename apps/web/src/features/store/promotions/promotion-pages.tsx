'use client';

import { promotionKinds, promotionStates, type PromotionBody, type StaffPromotion } from '@carabala/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/badge';
import { FilterTabs } from '@/components/filter-tabs';
import { showRefusal } from '@/components/form/schema-form';
import { ListFrame } from '@/components/list-frame';
import { SearchBar } from '@/components/search-bar';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUrlState } from '@/components/use-url-state';
import { formatCount, formatVietnamTime } from '@/lib/format';
import { DraftHeader, stateTones } from '../admin/draft-header';
import { usePublishPromotion, useSavePromotion, useStaffPromotion, useStaffPromotions } from './api';
import { PromotionForm, type PromotionFormApi } from './promotion-form';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'kind', 'state'] as const;

function PromotionRow({ promotion }: { promotion: StaffPromotion & { promotionId: number } }) {
  const t = useTranslations('admin.promotions');
  const tStore = useTranslations('store');
  const { draft } = promotion;
  const targets = [...draft.packIds.map((id) => `#${id}`), ...draft.tabs.map((tab) => tStore(`tabs.${tab}`))];
  return (
    <li>
      <Link
        href={`/admin/promotions/${promotion.promotionId}`}
        data-testid="promotion-row"
        className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/10 hover:ring-royal"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-bold break-words">{draft.title}</span>
          <span className="block text-xs text-ink/70">
            {t(`kinds.${draft.kind}`)} · {formatVietnamTime(draft.startsAt)} → {formatVietnamTime(draft.endsAt)} ·{' '}
            {targets.length ? targets.join(', ') : t('allPacks')} ·{' '}
            {t('claims', { count: formatCount(promotion.claims) })}
          </span>
        </span>
        <Badge tone={stateTones[promotion.state]}>{t(`states.${promotion.state}`)}</Badge>
      </Link>
    </li>
  );
}

/** The promotions for staff: search ignoring diacritics, filter by kind and state, create one. */
export function PromotionListPage() {
  const t = useTranslations('admin.promotions');
  const { values, page, update } = useUrlState(FILTERS);
  const query = useStaffPromotions({ ...values, page, pageSize: PAGE_SIZE });
  return (
    <ListFrame
      title={t('title')}
      intro={<p className="mt-1 text-sm text-ink/70">{t('intro')}</p>}
      actions={
        <Link href="/admin/promotions/new" className={buttonClass('primary')}>
          {t('create')}
        </Link>
      }
      filters={
        <>
          <SearchBar value={values.q} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })} />
          <FilterTabs
            label={t('kindLabel')}
            value={values.kind}
            all={t('allKinds')}
            options={promotionKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            onChange={(kind) => update({ kind })}
          />
          <FilterTabs
            label={t('stateLabel')}
            value={values.state}
            all={t('allStates')}
            options={promotionStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
            onChange={(state) => update({ state })}
          />
        </>
      }
      query={query}
      empty={t('empty')}
      row={(promotion) => <PromotionRow key={promotion.id} promotion={{ ...promotion, id: promotion.promotionId }} />}
    />
  );
}

/** Saves the form's body: a toast, or the API's refusal under its fields. */
function useSaveHandler(id: number | undefined, then: (saved: StaffPromotion) => void) {
  const t = useTranslations('admin.promotions');
  const tOps = useTranslations('adminOps');
  const save = useSavePromotion(id);
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
  const query = useStaffPromotion(id);
  const publish = usePublishPromotion(id);
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
        <PromotionForm key={promotion.updatedAt} draft={promotion.draft} pending={pending} onSave={onSave} />
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
