'use client';

import { pointsSettingsBodySchema, type PointsSettingsContent, type StaffPointsSettings } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Badge, draftStateTones } from '@/components/badge';
import { ConfirmButton } from '@/components/confirm-button';
import { InputField } from '@/components/form/fields';
import { fieldsOf, schemaResolver, showRefusal } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatConsoleTime, formatCount } from '@/lib/format';
import { usePublishSettings, useSaveSettings, useSettings } from './api';

type Values = { rate: string; expiryMonths: string; approvalThreshold: string };

const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));
const toBody = (values: Values) => ({
  rate: numberOf(values.rate),
  expiryMonths: numberOf(values.expiryMonths),
  approvalThreshold: numberOf(values.approvalThreshold),
});
const valuesOf = (content: PointsSettingsContent | undefined): Values => ({
  rate: content ? String(content.rate) : '',
  expiryMonths: content ? String(content.expiryMonths) : '',
  approvalThreshold: content ? String(content.approvalThreshold) : '',
});

function SettingsForm({ settings }: { settings: StaffPointsSettings | null }) {
  const t = useTranslations('admin.points');
  const save = useSaveSettings();
  const publish = usePublishSettings();
  const form = useForm<Values, unknown, PointsSettingsContent>({
    resolver: schemaResolver(pointsSettingsBodySchema, toBody),
    defaultValues: valuesOf(settings?.draft),
  });
  const field = fieldsOf(form, 'points-settings', (name) => t(`settings.${name}`));
  const published = settings?.published;
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6" data-testid="points-settings">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-black">{t('settings.title')}</h2>
        {settings && (
          <span className="flex items-center gap-2">
            <Badge tone={draftStateTones[settings.state]} testId="points-settings-state">
              {t(`states.${settings.state}`)}
            </Badge>
            {settings.state !== 'published' && (
              <ConfirmButton
                label={t('publish')}
                variant="primary"
                title={t('settings.publishTitle')}
                description={t('settings.publishText')}
                onConfirm={() => publish.mutateAsync(undefined)}
                done={() => t('published')}
                failed={t('failed')}
                pending={publish.isPending}
              />
            )}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-ink/70">
        {published
          ? t('settings.inForce', {
              rate: published.rate,
              months: published.expiryMonths,
              threshold: formatCount(published.approvalThreshold),
              time: formatConsoleTime(settings.publishedAt!),
            })
          : t('settings.none')}
      </p>
      <form
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-3"
        onSubmit={form.handleSubmit((body) =>
          save.mutateAsync(body).then(
            () => toast.success(t('saved')),
            (error: unknown) => showRefusal(error, t('failed'), form.setError),
          ),
        )}
      >
        <InputField {...field('rate')} inputMode="numeric" hint={t('settings.rateHint')} />
        <InputField {...field('expiryMonths')} inputMode="numeric" hint={t('settings.expiryHint')} />
        <InputField {...field('approvalThreshold')} inputMode="numeric" hint={t('settings.thresholdHint')} />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {t('saveDraft')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The points settings: the rate per 1,000đ, the expiry and the approval threshold, drafted then published. */
export function SettingsCard() {
  const settings = useSettings();
  if (settings.isPending) return <Spinner className="size-6" />;
  if (settings.isError) return <p className="text-ruby">{settings.error.message}</p>;
  return <SettingsForm key={settings.data?.updatedAt ?? 'new'} settings={settings.data} />;
}
