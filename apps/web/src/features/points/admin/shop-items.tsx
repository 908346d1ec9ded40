'use client';

import { pointsShopItemBodySchema, type PointsShopItemBody, type StaffPointsShopItem } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Badge, draftStateTones } from '@/components/badge';
import { ConfirmButton } from '@/components/confirm-button';
import { InputField } from '@/components/form/fields';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { fieldsOf, schemaResolver, showRefusal } from '@/components/form/schema-form';
import { SearchBar } from '@/components/search-bar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatItems } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';
import { usePublishItem, useSaveItem, useShopItems } from './api';

type Values = {
  title: string;
  price: string;
  stock: string;
  perPlayerLimit: string;
  items: { itemId: string; quantity: string }[];
};

const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));
const orNull = (value: string) => (value.trim() === '' ? null : Number(value));
const toBody = (values: Values) => ({
  title: values.title,
  price: numberOf(values.price),
  stock: orNull(values.stock),
  perPlayerLimit: orNull(values.perPlayerLimit),
  items: values.items.map((item) => ({ itemId: item.itemId, quantity: numberOf(item.quantity) })),
});
const valuesOf = (item: StaffPointsShopItem | null): Values => ({
  title: item?.draft.title ?? '',
  price: item ? String(item.draft.price) : '',
  stock: item?.draft.stock ? String(item.draft.stock) : '',
  perPlayerLimit: item?.draft.perPlayerLimit ? String(item.draft.perPlayerLimit) : '',
  items: item
    ? item.draft.items.map((entry) => ({ itemId: entry.itemId, quantity: String(entry.quantity) }))
    : [{ itemId: '', quantity: '1' }],
});

function ItemForm({ item, onDone }: { item: StaffPointsShopItem | null; onDone: () => void }) {
  const t = useTranslations('admin.points');
  const save = useSaveItem(item?.id ?? null);
  const form = useForm<Values, unknown, PointsShopItemBody>({
    resolver: schemaResolver(pointsShopItemBodySchema, toBody),
    defaultValues: valuesOf(item),
  });
  const field = fieldsOf(form, 'points-item', (name) => t(`item.${name}` as 'item.title'));
  return (
    <form
      noValidate
      data-testid="points-item-form"
      className="mt-3 space-y-3 rounded-xl bg-ink/5 p-3"
      onSubmit={form.handleSubmit((body) =>
        save.mutateAsync(body).then(
          () => {
            toast.success(t('saved'));
            onDone();
          },
          (error: unknown) => showRefusal(error, t('failed'), form.setError),
        ),
      )}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField {...field('title')} />
        <InputField {...field('price')} inputMode="numeric" />
        <InputField {...field('stock')} inputMode="numeric" hint={t('item.emptyNoLimit')} />
        <InputField {...field('perPlayerLimit')} inputMode="numeric" hint={t('item.emptyNoLimit')} />
      </div>
      <ItemRowsField form={form} name="items" legend={t('item.items')} idPrefix="points-item-row" />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {t('saveDraft')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The rewards shop's items: search (diacritics ignored), state, redemptions; edit a draft, publish it. */
export function ShopItems() {
  const t = useTranslations('admin.points');
  const names = useItemNames();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<StaffPointsShopItem | 'new' | null>(null);
  const items = useShopItems(q);
  const publish = usePublishItem();
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-black">{t('shop.title')}</h2>
        <Button variant="outline" onClick={() => setEditing('new')} data-testid="points-item-new">
          {t('shop.create')}
        </Button>
      </div>
      <div className="mt-3">
        <SearchBar value={q} placeholder={t('shop.search')} onSearch={(value) => setQ(value)} />
      </div>
      {editing === 'new' && <ItemForm item={null} onDone={() => setEditing(null)} />}
      {items.isPending && <Spinner className="mt-3 size-6" />}
      {items.data && items.data.items.length === 0 && <p className="mt-3 text-ink/70">{t('shop.empty')}</p>}
      <ul className="mt-3 space-y-2">
        {items.data?.items.map((item) => (
          <li key={item.id} className="rounded-xl p-3 ring-1 ring-ink/10" data-testid="points-item-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 basis-full font-bold break-words sm:basis-auto">{item.draft.title}</span>
              <Badge tone={draftStateTones[item.state]}>{t(`states.${item.state}`)}</Badge>
              <Button variant="outline" onClick={() => setEditing(item)}>
                {t('edit')}
              </Button>
              {item.state !== 'published' && (
                <ConfirmButton
                  label={t('publish')}
                  variant="primary"
                  title={t('shop.publishTitle')}
                  description={t('shop.publishText', { title: item.draft.title })}
                  onConfirm={() => publish.mutateAsync(item.id)}
                  done={() => t('published')}
                  failed={t('failed')}
                  pending={publish.isPending}
                />
              )}
            </div>
            <p className="mt-1 text-sm text-ink/70">
              {t('shop.facts', {
                price: formatCount(item.draft.price),
                items: formatItems(item.draft.items, names),
                redeemed: formatCount(item.redeemed),
              })}
              {item.draft.stock !== null && ` · ${t('shop.stock', { stock: formatCount(item.draft.stock) })}`}
              {item.draft.perPlayerLimit !== null && ` · ${t('shop.limit', { limit: item.draft.perPlayerLimit })}`}
            </p>
            {editing !== 'new' && editing?.id === item.id && (
              <ItemForm key={item.updatedAt} item={item} onDone={() => setEditing(null)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
