'use client';

import type { StaffPromotion } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { controlClass, FieldError } from '@/components/form/fields';
import { formatVnd } from '@/lib/format';
import { packRecords } from '../admin/api';
import type { PromotionFormApi } from './promotion-form';
import { useSettled } from '@/lib/use-settled';

/**
 * The packs a promotion applies to, picked by name: a search (the catalogue's, diacritics ignored:
 * "kim cuong" finds "120 Kim Cương") narrowing a select of packs, drafts included; each chosen pack
 * shows by name with ✕ to remove it. The form keeps their ids, as the request does.
 */
export function PackPicker({
  form: anyForm,
  named,
}: {
  /** A form whose field `packIds` is the ids (a promotion's, a VIP tier's tier-only packs). */
  form: unknown;
  named: StaffPromotion['packs'];
}) {
  const form = anyForm as PromotionFormApi;
  const t = useTranslations('admin.promotions.form');
  const tStore = useTranslations('store');
  const chosen = useWatch({ control: form.control, name: 'packIds' });
  const [query, setQuery] = useState('');
  const search = useSettled(query.trim(), 250);
  const results = packRecords.useList({ q: search }, 1, 20);
  // The names of the chosen packs: the promotion's (from the API), then each one picked here.
  const [titles, setTitles] = useState(() => new Map(named.map((pack) => [pack.id, pack.title])));
  const found = results.data?.items ?? [];
  const shown = found.filter((pack) => !chosen.includes(pack.recordId));
  const error = form.formState.errors.packIds?.message;

  const add = (id: number) => {
    const pack = found.find((candidate) => candidate.recordId === id);
    if (!pack) return;
    setTitles((current) => new Map(current).set(id, pack.draft.title));
    form.setValue('packIds', [...chosen, id], { shouldDirty: true });
  };
  const remove = (id: number) =>
    form.setValue(
      'packIds',
      chosen.filter((candidate) => candidate !== id),
      { shouldDirty: true },
    );

  return (
    <fieldset className="space-y-2 sm:col-span-2" data-testid="promotion-packs">
      <legend className="mb-1 text-sm font-semibold">{t('fields.packIds')}</legend>
      {chosen.length === 0 ? (
        <p className="text-sm text-ink/60">{t('noPacks')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {chosen.map((id) => {
            const title = titles.get(id) ?? t('packUnknown', { id });
            return (
              <li
                key={id}
                className="flex items-center gap-1 rounded-full bg-royal/10 py-1 pr-1 pl-3 text-sm font-semibold"
              >
                {title}
                <button
                  type="button"
                  aria-label={t('packRemove', { title })}
                  onClick={() => remove(id)}
                  className="rounded-full px-2 text-ruby hover:bg-ruby/10"
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <input
          type="search"
          aria-label={t('packSearch')}
          placeholder={t('packSearchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={controlClass(undefined)}
        />
        <select
          aria-label={t('packChoose')}
          aria-invalid={Boolean(error)}
          className={controlClass(error)}
          value=""
          onChange={(event) => add(Number(event.target.value))}
        >
          <option value="">
            {results.isPending ? t('packLoading') : shown.length ? t('packChoose') : t('packNoMatch')}
          </option>
          {shown.map((pack) => (
            <option key={pack.recordId} value={pack.recordId}>
              {pack.draft.title} ({tStore(`tabs.${pack.draft.tab}`)}, {formatVnd(pack.draft.price)})
            </option>
          ))}
        </select>
      </div>
      <p className="text-xs text-ink/60">{t('packIdsHint')}</p>
      <FieldError id="promotion-packIds" message={error} />
    </fieldset>
  );
}
