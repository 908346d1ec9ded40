'use client';

import { isItemId, items } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import { get, useFieldArray, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { controlClass, FieldError } from './fields';

/** One row as the form holds it: the item's id and the quantity as typed. */
export interface ItemRow {
  itemId: string;
  quantity: string;
}

type RowsForm = UseFormReturn<Record<string, ItemRow[]>>;

/**
 * Items and their quantities, a row each, picked by their Vietnamese names from the item catalogue:
 * what a gift code rewards, what a pack holds. An id the catalogue no longer has stays chosen, named
 * as unknown, until staff pick another. On a phone the item takes the whole row; quantity and ✕ go below.
 */
export function ItemRowsField({
  form,
  name,
  legend,
  idPrefix,
  min = 1,
  scope,
}: {
  /** The form, whose field `name` is an array of ItemRow. */
  form: unknown;
  name: string;
  legend: string;
  idPrefix: string;
  /** How many rows always stay (0: the list may be empty). */
  min?: number;
  /** Added to each row's labels when a form has several lists ("Vật phẩm 1 (Lựa chọn 2)"). */
  scope?: string;
}) {
  const t = useTranslations('admin.itemRows');
  const rowsForm = form as RowsForm;
  const rows = useFieldArray({ control: rowsForm.control, name });
  const scoped = (label: string) => (scope ? `${label} (${scope})` : label);
  const errors = get(rowsForm.formState.errors, name) as
    (FieldErrors<ItemRow>[] & { root?: { message?: string }; message?: string }) | undefined;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <ul className="space-y-2">
        {rows.fields.map((row, index) => {
          const rowErrors = errors?.[index];
          const itemError = rowErrors?.itemId?.message;
          const quantityError = rowErrors?.quantity?.message;
          const current = (row as unknown as ItemRow).itemId;
          return (
            <li
              key={row.id}
              className="grid grid-cols-[1fr_auto] items-start gap-2 rounded-xl bg-ink/5 p-2 sm:grid-cols-[1fr_6.5rem_auto] sm:bg-transparent sm:p-0"
            >
              <div className="col-span-2 sm:col-span-1">
                <select
                  aria-label={scoped(`${t('item')} ${index + 1}`)}
                  aria-invalid={Boolean(itemError)}
                  className={controlClass(itemError)}
                  {...rowsForm.register(`${name}.${index}.itemId`)}
                >
                  <option value="">{t('choose')}</option>
                  {current && !isItemId(current) && <option value={current}>{t('unknown', { id: current })}</option>}
                  {items.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.label}
                    </option>
                  ))}
                </select>
                <FieldError id={`${idPrefix}-${index}-item`} message={itemError} />
              </div>
              <div>
                <input
                  aria-label={scoped(`${t('quantity')} ${index + 1}`)}
                  placeholder={t('quantity')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  aria-invalid={Boolean(quantityError)}
                  className={controlClass(quantityError)}
                  {...rowsForm.register(`${name}.${index}.quantity`)}
                />
                <FieldError id={`${idPrefix}-${index}-quantity`} message={quantityError} />
              </div>
              <button
                type="button"
                aria-label={scoped(t('remove', { index: index + 1 }))}
                disabled={rows.fields.length <= min}
                onClick={() => rows.remove(index)}
                className="mt-2 rounded-lg px-2 py-1.5 text-ruby ring-1 ring-ink/15 disabled:opacity-30"
              >
                ✕
              </button>
            </li>
          );
        })}
      </ul>
      <FieldError id={idPrefix} message={errors?.root?.message ?? errors?.message} />
      <button
        type="button"
        onClick={() => rows.append({ itemId: '', quantity: '1' })}
        className="mt-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-royal ring-1 ring-royal/40"
      >
        + {t('add')}
      </button>
    </fieldset>
  );
}
