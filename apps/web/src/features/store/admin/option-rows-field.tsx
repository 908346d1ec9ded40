'use client';

import type { PackBody } from '@carabala/contracts';
import { limitKinds } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import { get, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { ImageUploadButton } from '@/components/form/image-upload-button';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { FieldError, InputField, SelectField } from '@/components/form/fields';
import { fieldsOf } from '@/components/form/schema-form';
import { uploadPackArt } from './api';
import { emptyOption, type OptionValues, type PackValues } from './pack-values';

type PackForm = UseFormReturn<PackValues, unknown, PackBody>;

/** The schema's bounds on a selectable pack's options. */
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 10;

/** The choices of a limit's kind, "no limit" first (the pack's limit, an option's). */
export function LimitKindChoices() {
  const t = useTranslations('admin.catalogue.form');
  return (
    <>
      <option value="">{t('noLimit')}</option>
      {limitKinds.map((kind) => (
        <option key={kind} value={kind}>
          {t(`limitKinds.${kind}`)}
        </option>
      ))}
    </>
  );
}

const smallButton = 'rounded-lg px-2 py-1 text-sm font-semibold ring-1 ring-ink/15 disabled:opacity-30';

/** One option: its name, price, items, limit and banner; moved up or down, or removed. */
function OptionFields({
  form,
  index,
  productId,
  count,
  move,
  remove,
}: {
  form: PackForm;
  index: number;
  /** The option's product id; empty while new. */
  productId: string;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const t = useTranslations('admin.catalogue.form');
  const number = index + 1;
  // "Tên lựa chọn 2": each label names its option, so that every input has a label of its own.
  const field = fieldsOf(form, 'pack', (name) =>
    t(`optionFields.${name.split('.').slice(2).join('.')}`, { index: number }),
  );
  const prefix = `options.${index}` as const;
  return (
    <li className="space-y-3 rounded-xl bg-white p-3 ring-1 ring-ink/10" data-testid="pack-option">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-black">
          {t('optionHeading', { index: number })}{' '}
          <span className="font-normal text-ink/70">
            {productId ? t('optionProduct', { id: productId }) : t('optionNew')}
          </span>
        </h4>
        <div className="flex gap-1">
          <button
            type="button"
            className={smallButton}
            aria-label={t('optionUp', { index: number })}
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className={smallButton}
            aria-label={t('optionDown', { index: number })}
            disabled={index === count - 1}
            onClick={() => move(index, index + 1)}
          >
            ↓
          </button>
          <button
            type="button"
            className={`${smallButton} text-ruby`}
            aria-label={t('optionRemove', { index: number })}
            disabled={count <= MIN_OPTIONS}
            onClick={() => remove(index)}
          >
            ✕
          </button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <InputField {...field(`${prefix}.title`)} />
        <InputField {...field(`${prefix}.value`)} type="number" inputMode="numeric" min={1000} />
      </div>
      <ItemRowsField
        form={form}
        name={`${prefix}.items`}
        legend={t('optionItems', { index: number })}
        idPrefix={`pack-option-${index}-item`}
        scope={t('optionHeading', { index: number })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField {...field(`${prefix}.limit.kind`)}>
          <LimitKindChoices />
        </SelectField>
        <InputField {...field(`${prefix}.limit.count`)} type="number" inputMode="numeric" min={1} />
        <InputField {...field(`${prefix}.banner`)} hint={t('optionBannerHint')} className="sm:col-span-2" />
      </div>
      <ImageUploadButton
        label={t('uploadOptionBanner')}
        upload={uploadPackArt}
        onUploaded={(art) => form.setValue(`${prefix}.banner`, art.banner, { shouldDirty: true })}
        uploaded={t('optionBannerUploaded')}
        failed={t('artFailed')}
      />
    </li>
  );
}

/**
 * A selectable pack's options, in the order the purchase dialog lists them: each keeps its product
 * id when edited (orders of an option name it); a new one gets its id from the API when saved.
 */
export function OptionRowsField({ form }: { form: PackForm }) {
  const t = useTranslations('admin.catalogue.form');
  const options = useFieldArray({ control: form.control, name: 'options' });
  const error = get(form.formState.errors, 'options') as { message?: string; root?: { message?: string } } | undefined;
  return (
    <fieldset className="space-y-3 rounded-xl bg-ink/5 p-3">
      <legend className="text-sm font-semibold">{t('options')}</legend>
      <p className="text-sm text-ink/70">{t('optionsHint')}</p>
      <ol className="space-y-3">
        {options.fields.map((option, index) => (
          <OptionFields
            key={option.id}
            form={form}
            index={index}
            productId={(option as unknown as OptionValues).productId}
            count={options.fields.length}
            move={options.move}
            remove={options.remove}
          />
        ))}
      </ol>
      <FieldError id="pack-options" message={error?.root?.message ?? error?.message} />
      <button
        type="button"
        disabled={options.fields.length >= MAX_OPTIONS}
        onClick={() => options.append(emptyOption())}
        className="rounded-lg px-3 py-1.5 text-sm font-semibold text-royal ring-1 ring-royal/40 disabled:opacity-30"
      >
        + {t('addOption')}
      </button>
    </fieldset>
  );
}
