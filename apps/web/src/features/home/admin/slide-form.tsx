'use client';

import { homeSlideBodySchema, type HomeSection, type HomeSlideBody, type StaffHomeSlide } from '@carabala/contracts';
import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { InputField } from '@/components/form/fields';
import { ImageUploadButton } from '@/components/form/image-upload-button';
import { fieldsOf, schemaResolver, showRefusal } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { consoleTimeInput } from '@/lib/format';
import { bodyOf, uploadHomeArt, useSaveSlide, valuesOf, type SlideValues } from './api';

type SlideForm = UseFormReturn<SlideValues, unknown, HomeSlideBody>;

/** A picture field: its path, the picture as it is now, and the upload button (WebP at the carousel's size). */
function PictureField({
  form,
  name,
  kind,
}: {
  form: SlideForm;
  name: 'image' | 'mobileImage';
  kind: Parameters<typeof uploadHomeArt>[0];
}) {
  const t = useTranslations('admin.home');
  const field = fieldsOf(form, 'slide', (key) => t(`fields.${key}`));
  const src = useWatch({ control: form.control, name });
  return (
    <div className="space-y-2">
      <InputField {...field(name)} hint={t('imageHint')} />
      <div className="flex items-center gap-3">
        {src?.startsWith('/') && (
          <Image
            src={src}
            alt=""
            width={96}
            height={54}
            unoptimized
            className="h-14 w-24 rounded-lg object-cover ring-1 ring-ink/10"
          />
        )}
        <ImageUploadButton
          label={t('upload')}
          upload={uploadHomeArt(kind)}
          onUploaded={({ image }) => form.setValue(name, image, { shouldDirty: true, shouldValidate: true })}
          uploaded={t('uploaded')}
          failed={t('uploadFailed')}
        />
      </div>
    </div>
  );
}

/** Creates a slide in `section` (no slide) or edits a slide's draft; saving never publishes. */
export function SlideForm({
  section,
  slide,
  onDone,
}: {
  section: HomeSection;
  slide?: StaffHomeSlide;
  onDone: () => void;
}) {
  const t = useTranslations('admin.home');
  const tOps = useTranslations('adminOps');
  const save = useSaveSlide(slide?.id);
  const form: SlideForm = useForm<SlideValues, unknown, HomeSlideBody>({
    resolver: schemaResolver(homeSlideBodySchema, (values: SlideValues) => bodyOf(section, values)),
    defaultValues: valuesOf(slide?.draft ?? null),
    shouldFocusError: false,
  });
  const field = fieldsOf(form, 'slide', (name) => t(`fields.${name}`));
  const submit = form.handleSubmit((body) =>
    save.mutateAsync(body).then(
      () => {
        toast.success(t('saved'));
        onDone();
      },
      (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
    ),
  );
  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6"
      data-testid="slide-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField {...field('title')} className="sm:col-span-2" />
        <PictureField form={form} name="image" kind={section} />
        {section === 'banner' && <PictureField form={form} name="mobileImage" kind="mobileBanner" />}
        <InputField {...field('link')} hint={t('linkHint')} />
        <InputField {...field('visibleFrom')} {...consoleTimeInput} hint={t('vietnamTime')} />
        <InputField {...field('visibleUntil')} {...consoleTimeInput} hint={t('vietnamTime')} />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
