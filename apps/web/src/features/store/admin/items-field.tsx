'use client';

import { items as itemList } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import {
  get,
  useFieldArray,
  type ArrayPath,
  type FieldArray,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { controlClass, FieldError } from '@/components/form/fields';

type RowError = { itemId?: { message?: string }; quantity?: { message?: string } } | undefined;

/**
 * A list of items (a pack's contents, a promotion's bonus, a milestone's reward), each picked by its
 * Vietnamese name from the item catalogue with its quantity. `name` is the list's path in the form;
 * `min` rows always stay.
 */
export function ItemsField<V extends FieldValues>({
  form,
  name,
  legend,
  min = 1,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  name: ArrayPath<V>;
  legend: string;
  min?: number;
}) {
  const t = useTranslations('admin.catalogue.form');
  const rows = useFieldArray({ control: form.control, name });
  const errors = get(form.formState.errors, name) as
    | (RowError[] & { message?: string; root?: { message?: string } })
    | undefined;
  const id = name.replaceAll('.', '-');
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <ul className="space-y-2">
        {rows.fields.map((row, index) => {
          const rowErrors = errors?.[index];
          return (
            <li key={row.id} className="grid grid-cols-[1fr_6.5rem_auto] items-start gap-2">
              <div>
                <select
                  aria-label={`${t('item')} ${index + 1}`}
                  aria-invalid={Boolean(rowErrors?.itemId)}
                  className={controlClass(rowErrors?.itemId?.message)}
                  {...form.register(`${name}.${index}.itemId` as Path<V>)}
                >
                  <option value="">{t('chooseItem')}</option>
                  {itemList.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.label}
                    </option>
                  ))}
                </select>
                <FieldError id={`${id}-item-${index}`} message={rowErrors?.itemId?.message} />
              </div>
              <div>
                <input
                  aria-label={`${t('quantity')} ${index + 1}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  aria-invalid={Boolean(rowErrors?.quantity)}
                  className={controlClass(rowErrors?.quantity?.message)}
                  {...form.register(`${name}.${index}.quantity` as Path<V>)}
                />
                <FieldError id={`${id}-quantity-${index}`} message={rowErrors?.quantity?.message} />
              </div>
              <button
                type="button"
                aria-label={t('removeItem', { index: index + 1 })}
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
      <FieldError id={id} message={errors?.root?.message ?? errors?.message} />
      <button
        type="button"
        onClick={() => rows.append({ itemId: '', quantity: '1' } as FieldArray<V, ArrayPath<V>>)}
        className="mt-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-royal ring-1 ring-royal/40"
      >
        + {t('addItem')}
      </button>
    </fieldset>
  );
}
