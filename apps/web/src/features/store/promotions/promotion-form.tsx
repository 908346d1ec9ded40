'use client';

import { promotionBodySchema, promotionKinds, type PromotionBody, type StaffPromotion } from '@carabala/contracts';
import { storeTabs } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { CheckboxField, FieldError, InputField, SelectField } from '@/components/form/fields';
import { fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { consoleTimeInput } from '@/lib/format';
import { PackPicker } from './pack-picker';
import { bodyOf, emptyItems, emptyPromotion, valuesOf, type PromotionValues } from './promotion-values';

export type PromotionFormApi = UseFormReturn<PromotionValues, unknown, PromotionBody>;

/** A spend-milestones promotion's thresholds, each with its reward. */
function MilestonesField({ form }: { form: PromotionFormApi }) {
  const t = useTranslations('admin.promotions.form');
  const rows = useFieldArray({ control: form.control, name: 'milestones' });
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold">{t('milestones')}</legend>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="space-y-2 rounded-xl bg-ink/5 p-3">
          <div className="flex items-end gap-2">
            <InputField
              id={`promotion-milestone-${index}`}
              label={t('threshold')}
              type="number"
              inputMode="numeric"
              min={1000}
              error={errors.milestones?.[index]?.threshold?.message}
              className="flex-1"
              {...form.register(`milestones.${index}.threshold`)}
            />
            <button
              type="button"
              aria-label={t('removeMilestone', { index: index + 1 })}
              disabled={rows.fields.length === 1}
              onClick={() => rows.remove(index)}
              className="mb-1 rounded-lg px-2 py-1.5 text-ruby ring-1 ring-ink/15 disabled:opacity-30"
            >
              ✕
            </button>
          </div>
          <ItemRowsField
            form={form}
            name={`milestones.${index}.items`}
            legend={t('milestoneItems', { index: index + 1 })}
            idPrefix={`promotion-milestone-${index}-item`}
          />
        </div>
      ))}
      <FieldError id="promotion-milestones" message={errors.milestones?.root?.message ?? errors.milestones?.message} />
      <button
        type="button"
        onClick={() => rows.append({ threshold: '', items: emptyItems() })}
        className="rounded-lg px-3 py-1.5 text-sm font-semibold text-royal ring-1 ring-royal/40"
      >
        + {t('addMilestone')}
      </button>
    </fieldset>
  );
}

/**
 * The staff's form of a promotion's draft: its kind, name, window in Vietnam time, the packs and tabs
 * it applies to and the reward of its kind. Checked with the schema the API validates with.
 */
export function PromotionForm({
  promotion,
  pending,
  onSave,
}: {
  /** The promotion whose draft is edited; none for a new one. */
  promotion?: StaffPromotion;
  pending: boolean;
  onSave: (body: PromotionBody, form: PromotionFormApi) => Promise<unknown>;
}) {
  const t = useTranslations('admin.promotions');
  const tStore = useTranslations('store');
  const form: PromotionFormApi = useForm<PromotionValues, unknown, PromotionBody>({
    resolver: schemaResolver(promotionBodySchema, bodyOf),
    defaultValues: promotion ? valuesOf(promotion.draft) : emptyPromotion,
    shouldFocusError: false,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const field = fieldsOf(form, 'promotion', (name) => t(`form.fields.${name}` as 'form.fields.title'));
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => onSave(body, form))}
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field('kind')}>
          {promotionKinds.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </SelectField>
        <InputField {...field('title')} />
        <InputField {...field('startsAt')} {...consoleTimeInput} hint={t('form.vietnamTime')} />
        <InputField {...field('endsAt')} {...consoleTimeInput} hint={t('form.vietnamTime')} />
        <PackPicker form={form} named={promotion?.packs ?? []} />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">{t('form.tabs')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {storeTabs.map((tab) => (
            <CheckboxField
              key={tab}
              id={`promotion-tab-${tab}`}
              label={tStore(`tabs.${tab}`)}
              value={tab}
              {...form.register('tabs')}
            />
          ))}
        </div>
        <FieldError id="promotion-tabs" message={errors.tabs?.message} />
      </fieldset>

      {kind === 'first_topup' && (
        <div className="space-y-3">
          <CheckboxField id="promotion-double" label={t('form.fields.double')} {...form.register('double')} />
          <ItemRowsField form={form} name="items" legend={t('form.bonusItems')} idPrefix="promotion-item" min={0} />
        </div>
      )}
      {kind === 'bonus_window' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField {...field('percent')} type="number" inputMode="numeric" min={1} />
          <InputField {...field('perPlayerCap')} type="number" inputMode="numeric" min={1} />
        </div>
      )}
      {kind === 'spend_milestones' && <MilestonesField form={form} />}

      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
