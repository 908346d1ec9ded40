'use client';

import type { GameItemEntry } from '@carabala/contracts';
import { itemLabel, matchesSearch } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { get, useFieldArray, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useGameItems } from '@/lib/game-items';
import { controlClass, FieldError } from './fields';

/** One row as the form holds it: the item's id and the quantity as typed. */
export interface ItemRow {
  itemId: string;
  quantity: string;
}

type RowsForm = UseFormReturn<Record<string, ItemRow[]>>;

/**
 * One row's item: a search by Vietnamese name (diacritics ignored: "trung rong" finds "Trứng Rồng")
 * narrowing a select of the items the game lists. An item the game no longer lists, or never did,
 * stays chosen and says so, until staff pick another.
 */
function ItemPicker({
  form,
  field,
  current,
  copy,
  label,
  searchLabel,
  error,
}: {
  form: RowsForm;
  field: string;
  current: string;
  copy: readonly GameItemEntry[] | undefined;
  label: string;
  searchLabel: string;
  error: string | undefined;
}) {
  const t = useTranslations('admin.itemRows');
  const [query, setQuery] = useState('');
  const listed = (copy ?? []).filter((item) => item.listed);
  const shown = query ? listed.filter((item) => matchesSearch(`${item.name} ${item.id}`, query)) : listed;
  const chosen = (copy ?? []).find((item) => item.id === current);
  // Until the copy comes, a chosen item shows by the embedded list's name.
  const waiting = current && !copy;
  const stale = current && copy && !chosen?.listed;
  return (
    <div className="space-y-1">
      <input
        type="search"
        aria-label={searchLabel}
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className={controlClass(undefined)}
      />
      <select
        aria-label={label}
        aria-invalid={Boolean(error)}
        className={controlClass(error)}
        {...form.register(field)}
        // Held to the form's value: the options change as the copy comes and as staff search.
        value={current}
      >
        <option value="">{copy ? (shown.length ? t('choose') : t('noMatch')) : t('loading')}</option>
        {waiting && <option value={current}>{itemLabel(current)}</option>}
        {stale && (
          <option value={current}>
            {chosen ? t('unlisted', { name: chosen.name }) : t('unknown', { id: itemLabel(current) })}
          </option>
        )}
        {/* The chosen item stays an option while a search hides it, so that the select keeps showing it. */}
        {chosen?.listed && !shown.includes(chosen) && <option value={chosen.id}>{chosen.name}</option>}
        {shown.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Items and their quantities, a row each, picked by their Vietnamese names from the game's items (the
 * API's copy, GET /api/internal/items): what a gift code rewards, what a pack holds. On a phone the
 * item takes the whole row; quantity and ✕ go below.
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
  const copy = useGameItems().data?.items;
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
          const current = rowsForm.watch(`${name}.${index}.itemId`) ?? (row as unknown as ItemRow).itemId;
          return (
            <li
              key={row.id}
              className="grid grid-cols-[1fr_auto] items-start gap-2 rounded-xl bg-ink/5 p-2 sm:grid-cols-[1fr_6.5rem_auto] sm:bg-transparent sm:p-0"
            >
              <div className="col-span-2 sm:col-span-1">
                <ItemPicker
                  form={rowsForm}
                  field={`${name}.${index}.itemId`}
                  current={current}
                  copy={copy}
                  label={scoped(`${t('item')} ${index + 1}`)}
                  searchLabel={scoped(t('search', { index: index + 1 }))}
                  error={itemError}
                />
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
