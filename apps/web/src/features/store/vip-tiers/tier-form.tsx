'use client';

import { vipTierBodySchema, type StaffVipTier, type VipTierBody } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { InputField } from '@/components/form/fields';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PackPicker } from '../promotions/pack-picker';
import { bodyOf, emptyTier, valuesOf, type VipTierValues } from './tier-values';

export type VipTierFormApi = UseFormReturn<VipTierValues, unknown, VipTierBody>;

/**
 * The staff's form of a VIP tier's draft: name, threshold and window, the bonus, the tier-only packs
 * (picked by name) and the monthly gift. Checked with the schema the API validates with.
 */
export function VipTierForm({
  tier,
  pending,
  onSave,
}: {
  tier?: StaffVipTier;
  pending: boolean;
  onSave: (body: VipTierBody, form: VipTierFormApi) => Promise<unknown>;
}) {
  const t = useTranslations('admin.vip');
  const form: VipTierFormApi = useForm<VipTierValues, unknown, VipTierBody>({
    resolver: schemaResolver(vipTierBodySchema, bodyOf),
    defaultValues: tier ? valuesOf(tier.draft) : emptyTier,
    shouldFocusError: false,
  });
  const field = fieldsOf(form, 'vip-tier', (name) => t(`form.fields.${name}` as 'form.fields.title'));
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => onSave(body, form))}
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField {...field('title')} />
        <InputField
          {...field('threshold')}
          type="number"
          inputMode="numeric"
          min={1000}
          hint={t('form.thresholdHint')}
        />
        <InputField {...field('windowDays')} type="number" inputMode="numeric" min={31} />
        <InputField {...field('bonusPercent')} type="number" inputMode="numeric" min={0} max={100} />
      </div>
      <div className="space-y-1">
        <p className="text-xs text-ink/60">{t('form.packsHint')}</p>
        <PackPicker form={form} named={tier?.packs ?? []} />
      </div>
      <ItemRowsField form={form} name="giftItems" legend={t('form.gift')} idPrefix="vip-tier-gift" min={0} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
