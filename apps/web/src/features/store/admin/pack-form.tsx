'use client';

import { packBodySchema, type PackBody, type PackContent } from '@carabala/contracts';
import { storeTabs } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ImageUploadButton } from '@/components/form/image-upload-button';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { CheckboxField, FieldError, InputField, SelectField } from '@/components/form/fields';
import { fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { consoleTimeInput, formatVnd } from '@/lib/format';
import { uploadPackArt } from './api';
import { useOfferClock } from '../offer';
import { PackCard } from '../pack-card';
import { LimitKindChoices, OptionRowsField } from './option-rows-field';
import { bodyOf, emptyOption, emptyPack, previewOf, valuesOf, type PackValues } from './pack-values';

type PackForm = UseFormReturn<PackValues, unknown, PackBody>;

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

/** How the card will look on the store, and a selectable pack's choices as its purchase dialog lists them. */
function Preview({ form, id }: { form: PackForm; id: number }) {
  const t = useTranslations('admin.catalogue.form');
  const values = useWatch({ control: form.control }) as PackValues;
  const now = useOfferClock(null, true);
  const pack = previewOf({ ...emptyPack, ...values }, id);
  return (
    <aside aria-label={t('preview')} className="md:sticky md:top-4">
      <h2 className="mb-2 text-sm font-semibold">{t('preview')}</h2>
      <div className="w-44" data-testid="pack-preview">
        <PackCard pack={pack} tab={values.tab ?? 'tieu-bieu'} now={now} />
      </div>
      {pack.options && (
        <ol className="mt-3 space-y-1 text-sm" data-testid="options-preview" aria-label={t('optionsPreview')}>
          {pack.options.map((option) => (
            <li key={option.id} className="flex justify-between gap-2 rounded-lg bg-white p-2 ring-1 ring-ink/10">
              <span className="font-semibold">{option.title || t('optionUntitled')}</span>
              <span className="font-black whitespace-nowrap text-ruby">{formatVnd(option.value)}</span>
            </li>
          ))}
        </ol>
      )}
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
  const [onSale, selectable] = useWatch({ control: form.control, name: ['onSale', 'selectable'] });
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
          {!selectable && <InputField {...field('price')} type="number" inputMode="numeric" min={1000} />}
          <InputField {...field('sortOrder')} type="number" inputMode="numeric" min={0} hint={t('sortHint')} />
          <InputField {...field('stock')} type="number" inputMode="numeric" min={1} hint={t('stockHint')} />
        </div>

        <CheckboxField
          id="pack-selectable"
          label={t('fields.selectable')}
          {...form.register('selectable', {
            onChange: () => {
              if (form.getValues('options').length === 0) form.setValue('options', [emptyOption(), emptyOption()]);
            },
          })}
        />
        {selectable ? (
          <>
            <OptionRowsField form={form} />
            {/* An option's event limit without a window to count in. */}
            <FieldError id="pack-limit" message={errors.limit?.message} />
          </>
        ) : (
          <ItemRowsField form={form} name="items" legend={t('items')} idPrefix="pack-item" />
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          {!selectable && (
            <>
              <SelectField {...field('limit.kind')} error={errors.limit?.message ?? errors.limit?.kind?.message}>
                <LimitKindChoices />
              </SelectField>
              <InputField {...field('limit.count')} type="number" inputMode="numeric" min={1} />
            </>
          )}
          <InputField {...field('visibleFrom')} {...consoleTimeInput} hint={t('vietnamTime')} />
          <InputField {...field('visibleUntil')} {...consoleTimeInput} hint={t('vietnamTime')} />
        </div>

        {!selectable && (
          <fieldset className="space-y-3 rounded-xl bg-ink/5 p-3">
            <CheckboxField id="pack-onSale" label={t('fields.onSale')} {...form.register('onSale')} />
            {onSale && (
              <div className="grid gap-4 sm:grid-cols-3">
                <InputField {...field('sale.price')} type="number" inputMode="numeric" min={1000} />
                <InputField {...field('sale.startsAt')} {...consoleTimeInput} hint={t('vietnamTime')} />
                <InputField {...field('sale.endsAt')} {...consoleTimeInput} hint={t('vietnamTime')} />
              </div>
            )}
            <FieldError id="pack-sale" message={errors.sale?.message} />
          </fieldset>
        )}

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
      <Preview form={form} id={id} />
    </div>
  );
}
