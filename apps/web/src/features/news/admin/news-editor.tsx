'use client';

import { newsCategories, type NewsStaffItem } from '@carabala/contracts';
import { slugOf } from '@carabala/contracts/labels';
import Link from 'next/link';
import { BackLink } from '@/components/back-link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useDeferredValue, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Badge } from '@/components/badge';
import { ConfirmButton, ConfirmDialog } from '@/components/confirm-button';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/form/fields';
import { ImageUploadButton } from '@/components/form/image-upload-button';
import { fieldsOf, putFieldErrors, schemaResolver, showRefusal } from '@/components/form/schema-form';
import { MarkdownBody } from '@/components/markdown-body';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { consoleTimeInput, formatConsoleTime, toVietnamInput } from '@/lib/format';
import {
  draftOf,
  newsDraftSchema,
  uploadNewsCover,
  usePublishArticle,
  useSaveArticle,
  type NewsDraft,
  type NewsValues,
} from '../api/staff';
import { NewsCover } from '../news-cover';

/** Published with a moment still to come: public from then (the schedule rebuilds the pages). */
const isScheduled = (article: NewsStaffItem) =>
  article.published && article.publishedAt !== null && Date.parse(article.publishedAt) > Date.now();
import { useCan } from '@/lib/permissions';

/** A new article: nothing chosen, its cover included (staff upload one or type its path). */
const emptyDraft: NewsValues = {
  slug: '',
  title: '',
  summary: '',
  coverImage: '',
  category: 'updates',
  body: '',
  hot: false,
  publishAt: '',
};

function PublishButton({ article }: { article: NewsStaffItem }) {
  const t = useTranslations('admin.news');
  const tOps = useTranslations('adminOps');
  const publish = usePublishArticle(article.id);
  const next = !article.published;
  return (
    <ConfirmButton
      label={t(next ? 'publish' : 'unpublish')}
      title={t(next ? 'publishTitle' : 'unpublishTitle')}
      description={t(next ? 'publishText' : 'unpublishText', { title: article.title })}
      pending={publish.isPending}
      onConfirm={() => publish.mutateAsync(next)}
      done={(saved) => (saved.published ? t('publishedToast') : t('unpublishedToast'))}
      failed={tOps('failed')}
    />
  );
}

/** Create (no article) or edit one: the Markdown beside its preview, then publish or unpublish. */
export function NewsEditor({ article }: { article?: NewsStaffItem }) {
  const t = useTranslations('admin.news');
  const tOps = useTranslations('adminOps');
  const tNews = useTranslations('news');
  const router = useRouter();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const canEdit = useCan()('news.write');
  const save = useSaveArticle(article?.id);
  const form = useForm<NewsValues, unknown, NewsDraft>({
    resolver: schemaResolver(newsDraftSchema, (values: NewsValues) => draftOf(values, article)),
    defaultValues: article
      ? {
          slug: article.slug,
          title: article.title,
          summary: article.summary,
          coverImage: article.coverImage,
          category: article.category,
          body: article.body,
          hot: article.hot,
          publishAt: toVietnamInput(article.publishedAt),
        }
      : emptyDraft,
    disabled: !canEdit,
    shouldFocusError: false,
  });
  const [title, body, coverImage] = useWatch({ control: form.control, name: ['title', 'body', 'coverImage'] });
  // The preview follows the text when React has time: typing never waits for a long article's render.
  const previewBody = useDeferredValue(body);
  // A new article's address follows its title (diacritics folded) until staff type their own.
  const [slugTyped, setSlugTyped] = useState(Boolean(article));
  useEffect(() => {
    if (!slugTyped && title !== undefined) form.setValue('slug', slugOf(title));
  }, [form, slugTyped, title]);
  const field = fieldsOf(form, 'news', (name) => t(`fields.${name}`));
  const slugField = field('slug');
  const saveDraft = (draft: NewsDraft) =>
    save.mutateAsync(draft).then(
      (saved) => {
        toast.success(t('saved'));
        if (!article) router.replace(`/admin/news/${saved.id}`);
      },
      (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
    );
  // A draft saves at once; a published article changes what players read, so it asks first.
  const [changing, setChanging] = useState<NewsDraft | null>(null);
  const submit = form.handleSubmit((draft) => (article?.published ? setChanging(draft) : saveDraft(draft)));

  return (
    <div>
      <BackLink href="/admin/news" label={t('back')} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{article ? t('editTitle') : t('createTitle')}</h1>
        {article && (
          <span className="flex items-center gap-2">
            <Badge tone={article.published ? 'leaf' : 'muted'}>
              {article.published
                ? isScheduled(article)
                  ? t('scheduled', { time: formatConsoleTime(article.publishedAt!) })
                  : t('published')
                : t('draft')}
            </Badge>
            {article.published && (
              <Link href={`/news/${article.slug}`} target="_blank" className="text-sm font-semibold text-royal">
                {t('view')}
              </Link>
            )}
          </span>
        )}
      </div>

      <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
        <div className="grid gap-4 md:grid-cols-2">
          <InputField {...field('title')} />
          <InputField
            {...slugField}
            onChange={(event) => {
              setSlugTyped(true);
              return slugField.onChange(event);
            }}
            hint={t('fields.slugHint')}
          />
          <div className="space-y-2">
            <InputField {...field('coverImage')} hint={t('fields.coverHint')} />
            {canEdit && (
              <div className="flex items-center gap-3">
                {coverImage?.startsWith('/') && (
                  <NewsCover src={coverImage} alt="" sizes="96px" className="!w-24 rounded-lg" />
                )}
                <ImageUploadButton
                  label={t('uploadCover')}
                  upload={uploadNewsCover}
                  onUploaded={(answer) =>
                    form.setValue('coverImage', answer.coverImage, { shouldDirty: true, shouldValidate: true })
                  }
                  uploaded={t('coverUploaded')}
                  failed={t('coverFailed')}
                />
              </div>
            )}
          </div>
          <SelectField {...field('category')}>
            {newsCategories.map((category) => (
              <option key={category} value={category}>
                {tNews(`category_${category}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid items-start gap-4 md:grid-cols-2">
          <InputField {...field('publishAt')} {...consoleTimeInput} hint={t('fields.publishAtHint')} />
          <CheckboxField id="news-hot" label={t('fields.hot')} {...form.register('hot')} />
        </div>
        <TextAreaField {...field('summary')} rows={3} />

        <div className="flex gap-2 md:hidden" role="tablist">
          {(['write', 'preview'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              onClick={() => setTab(value)}
              className={`rounded-full px-4 py-1.5 text-sm font-semibold ${tab === value ? 'bg-royal text-white' : 'bg-white ring-1 ring-ink/15'}`}
            >
              {t(value)}
            </button>
          ))}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <TextAreaField
            {...field('body')}
            rows={18}
            className={tab === 'write' ? '' : 'hidden md:block'}
            controlClassName="font-mono text-sm"
          />
          {/* Scrolls when the article is long: focusable, so the keyboard can scroll it too. */}
          <section
            aria-label={t('preview')}
            tabIndex={0}
            className={`max-h-[36rem] overflow-y-auto rounded-2xl bg-white p-4 ring-1 ring-ink/10 ${tab === 'preview' ? '' : 'hidden md:block'}`}
          >
            <h2 className="text-xl font-black">{title || t('untitled')}</h2>
            <MarkdownBody markdown={previewBody} />
          </section>
        </div>

        {canEdit && (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {t('save')}
            </Button>
            {article && <PublishButton article={article} />}
          </div>
        )}
      </form>
      <ConfirmDialog
        open={changing !== null}
        onOpenChange={(open) => !open && setChanging(null)}
        title={t('saveLiveTitle')}
        description={t('saveLiveText', { title: changing?.title ?? '' })}
        onConfirm={() =>
          save.mutateAsync(changing!).catch((error: unknown) => {
            putFieldErrors(error, form.setError);
            throw error;
          })
        }
        done={() => t('saved')}
        failed={tOps('failed')}
        pending={save.isPending}
      />
    </div>
  );
}
