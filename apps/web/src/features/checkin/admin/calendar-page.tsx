'use client';

import {
  checkinCalendarBodySchema,
  checkinLengths,
  type CheckinCalendarBody,
  type StaffCheckinCalendar,
} from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { useForm, useWatch } from 'react-hook-form';
import { Badge, draftStateTones } from '@/components/badge';
import { ConfirmButton } from '@/components/confirm-button';
import { InputField } from '@/components/form/fields';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { schemaResolver, showRefusal } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatConsoleTime, formatCount } from '@/lib/format';
import { usePublishCalendar, useSaveCalendar, useStaffCalendar } from '../api';
import { bodyOf, emptyCalendar, resized, valuesOf, type CalendarValues } from './calendar-values';

/** The calendar's form: its name, 7 or 30 days, each day's items. Checked with the schema the API validates with. */
function CalendarForm({ calendar }: { calendar: StaffCheckinCalendar | null }) {
  const t = useTranslations('checkin.admin');
  const tOps = useTranslations('adminOps');
  const save = useSaveCalendar();
  const form = useForm<CalendarValues, unknown, CheckinCalendarBody>({
    resolver: schemaResolver(checkinCalendarBodySchema, bodyOf),
    defaultValues: calendar ? valuesOf(calendar.draft) : emptyCalendar(),
    shouldFocusError: false,
  });
  const days = useWatch({ control: form.control, name: 'days' });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutateAsync(body).then(
      () => toast.success(t('saved')),
      (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="checkin-title" label={t('name')} error={errors.title?.message} {...form.register('title')} />
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor="checkin-length">
          {t('length')}
          <select
            id="checkin-length"
            value={days.length}
            onChange={(event) => form.setValue('days', resized(form.getValues('days'), Number(event.target.value)))}
            className="rounded-lg px-3 py-2 font-normal ring-1 ring-ink/20"
          >
            {checkinLengths.map((length) => (
              <option key={length} value={length}>
                {t('lengthOption', { count: length })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {errors.days?.message && <p className="text-sm text-ruby">{errors.days.message}</p>}
      <div className="grid gap-3 md:grid-cols-2">
        {days.map((_, index) => (
          <div key={`${days.length}-${index}`} className="rounded-xl bg-ink/5 p-3">
            <ItemRowsField
              form={form}
              name={`days.${index}.items`}
              legend={t('dayItems', { day: index + 1 })}
              idPrefix={`checkin-day-${index}-item`}
            />
          </div>
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending && <Spinner />}
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/** The console's "Điểm danh": the one calendar's state, its publication (step-up, audited) and its draft's form. */
export function CalendarPage() {
  const t = useTranslations('checkin.admin');
  const tOps = useTranslations('adminOps');
  const query = useStaffCalendar();
  const publish = usePublishCalendar();
  if (query.isError)
    return (
      <p role="alert" className="text-ruby">
        {t('loadFailed')}
      </p>
    );
  if (!query.data) return <Spinner className="size-8 text-royal" />;
  const { calendar } = query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{t('title')}</h1>
        {calendar && (
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={draftStateTones[calendar.state]} testId="checkin-calendar-state">
              {t(`states.${calendar.state}`)}
            </Badge>
            {calendar.state !== 'published' && (
              <ConfirmButton
                variant="primary"
                label={t('publish')}
                title={t('publish')}
                description={t('confirmPublish')}
                pending={publish.isPending}
                onConfirm={() => publish.mutateAsync(undefined)}
                done={() => t('published')}
                failed={tOps('failed')}
              />
            )}
          </span>
        )}
      </div>
      <p className="text-sm text-ink/70">
        {t('intro')}{' '}
        {calendar
          ? `${calendar.publishedAt ? t('publishedAt', { time: formatConsoleTime(calendar.publishedAt) }) : t('neverPublished')} ${t('claims', { count: formatCount(calendar.claims) })}`
          : t('empty')}
      </p>
      <CalendarForm key={calendar?.updatedAt ?? 'new'} calendar={calendar} />
    </div>
  );
}
