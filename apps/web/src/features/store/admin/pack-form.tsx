'use client';

import { packBodySchema, type PackBody, type PackContent } from '@carabala/contracts';
import { limitKinds, storeTabs } from '@carabala/contracts/catalogue';
import { formatItems } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ImageUploadButton } from '@/components/form/image-upload-button';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { CheckboxField, FieldError, InputField, SelectField } from '@/components/form/fields';
import { fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatVnd } from '@/lib/format';
import { uploadPackArt } from './api';
import { useOfferClock } from '../offer';
import { PackCard } from '../pack-card';
import { bodyOf, emptyPack, previewOf, valuesOf, type PackValues } from './pack-values';

type PackForm = UseFormReturn<PackValues, unknown, PackBody>;

/** A selectable pack's options, shown as they are (they are changed through the API). */
function OptionsList({ options }: { options: NonNullable<PackContent['options']> }) {
  const t = useTranslations('admin.catalogue.form');
  return (
    <section className="rounded-xl bg-ink/5 p-3 text-sm">
      <h3 className="font-semibold">{t('options')}</h3>
      <p className="text-ink/70">{t('optionsHint')}</p>
      <ul className="mt-2 space-y-1">
        {options.map((option) => (
          <li key={option.id}>
            <span className="font-semibold">{option.title}</span> · {formatVnd(option.value)} ·{' '}
            {formatItems(option.items)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A picture from the computer: re-encoded by the API to the store's sizes, both paths filled in. */
function ArtUpload({ form }: { form: PackForm }) {
  const t = useTranslations('admin.catalogue.form');
  return (
    <ImageUploadButton
      label={t('uploadArt')}
      upload={uploadPackArt}
      onUploaded={(art) => {
        form.setValue('art.thumbnail', art.thumbnail, { shouldDirty: true });
        form.setValue('art.banner', art.banner, { shouldDirty: true });
      }}
      uploaded={t('artUploaded')}
      failed={t('artFailed')}
    />
  );
}

/** How the card will look on the store, from what is typed now. */
function Preview({ form, id, kept }: { form: PackForm; id: number; kept: PackContent | undefined }) {
  const t = useTranslations('admin.catalogue.form');
  const values = useWatch({ control: form.control }) as PackValues;
  const now = useOfferClock(null, true);
  return (
    <aside aria-label={t('preview')} className="md:sticky md:top-4">
      <h2 className="mb-2 text-sm font-semibold">{t('preview')}</h2>
      <div className="w-44" data-testid="pack-preview">
        <PackCard pack={previewOf({ ...emptyPack, ...values }, id, kept)} tab={values.tab ?? 'tieu-bieu'} now={now} />
      </div>
    </aside>
  );
}

/**
 * The staff's form of a pack's draft: title, tab, price, contents, limit, stock, windows and sale in
 * Vietnam time, pictures; with a preview of the card. Checked with the schema the API validates with.
 */
export function PackForm({
  id,
  draft,
  pending,
  onSave,
}: {
  /** The pack's id; 0 while it is new. */
  id: number;
  draft?: PackContent;
  pending: boolean;
  onSave: (body: PackBody, form: PackForm) => Promise<unknown>;
}) {
  const t = useTranslations('admin.catalogue.form');
  const tStore = useTranslations('store');
  const form: PackForm = useForm<PackValues, unknown, PackBody>({
    resolver: schemaResolver(packBodySchema, (values: PackValues) => bodyOf(values, draft)),
    defaultValues: draft ? valuesOf(draft) : emptyPack,
    shouldFocusError: false,
  });
  const onSale = useWatch({ control: form.control, name: 'onSale' });
  const field = fieldsOf(form, 'pack', (name) => t(`fields.${name}`));
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => onSave(body, form));

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_11rem]">
      <form noValidate onSubmit={submit} className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField {...field('title')} className="sm:col-span-2" />
          <SelectField {...field('tab')}>
            {storeTabs.map((tab) => (
              <option key={tab} value={tab}>
                {tStore(`tabs.${tab}`)}
              </option>
            ))}
          </SelectField>
          <InputField {...field('price')} type="number" inputMode="numeric" min={1000} hint={t('priceHint')} />
          <InputField {...field('sortOrder')} type="number" inputMode="numeric" min={0} hint={t('sortHint')} />
          <InputField {...field('stock')} type="number" inputMode="numeric" min={1} hint={t('stockHint')} />
        </div>

        {draft?.options ? (
          <OptionsList options={draft.options} />
        ) : (
          <ItemRowsField form={form} name="items" legend={t('items')} idPrefix="pack-item" />
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <SelectField {...field('limit.kind')} error={errors.limit?.message ?? errors.limit?.kind?.message}>
              <option value="">{t('noLimit')}</option>
              {limitKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`limitKinds.${kind}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <InputField {...field('limit.count')} type="number" inputMode="numeric" min={1} />
          <InputField {...field('visibleFrom')} type="datetime-local" hint={t('vietnamTime')} />
          <InputField {...field('visibleUntil')} type="datetime-local" hint={t('vietnamTime')} />
        </div>

        <fieldset className="space-y-3 rounded-xl bg-ink/5 p-3">
          <CheckboxField id="pack-onSale" label={t('fields.onSale')} {...form.register('onSale')} />
          {onSale && (
            <div className="grid gap-4 sm:grid-cols-3">
              <InputField {...field('sale.price')} type="number" inputMode="numeric" min={1000} />
              <InputField {...field('sale.startsAt')} type="datetime-local" hint={t('vietnamTime')} />
              <InputField {...field('sale.endsAt')} type="datetime-local" hint={t('vietnamTime')} />
            </div>
          )}
          <FieldError id="pack-sale" message={errors.sale?.message} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <InputField {...field('art.thumbnail')} hint={t('artHint')} />
          <InputField {...field('art.banner')} hint={t('artHint')} />
          <div className="sm:col-span-2">
            <ArtUpload form={form} />
          </div>
        </div>

        <div className="flex justify-end">
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending && <Spinner />}
            {t('save')}
          </Button>
        </div>
      </form>
      <Preview form={form} id={id} kept={draft} />
    </div>
  );
}
