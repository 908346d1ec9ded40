'use client';

import {
  createNewsBodySchema,
  newsCategories,
  type NewsCategory,
  type NewsStaffItem,
  type Paged,
} from '@carabala/contracts';
import { newsCategoryLabels } from '@carabala/contracts/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { MarkdownBody } from '@/components/markdown-body';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ConfirmButton } from '../components/confirm-button';
import { formatVietnamTimeSeconds } from '@/lib/format';
import { Pager } from '../components/pager';
import { useUrlState } from '../components/use-url-state';

const PAGE_SIZE = 20;
const FILTERS = ['published'] as const;

export function NewsListPage() {
  const t = useTranslations('admin.news');
  const { user } = useSession();
  const { values, page, update } = useUrlState(FILTERS);
  const query = useQuery({
    queryKey: ['admin', 'news', values.published, page],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
      if (values.published) search.set('published', values.published);
      return api.get<Paged<NewsStaffItem>>(`/internal/news?${search}`);
    },
  });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{t('title')}</h1>
        {user?.role === 'admin' && (
          <Link href="/admin/news/new" className={buttonClass('primary')}>
            {t('create')}
          </Link>
        )}
      </div>
      {user?.role !== 'admin' && <p className="mt-2 text-sm text-ink/70">{t('adminOnly')}</p>}
      <div className="mt-4 flex gap-2" role="group" aria-label={t('statusLabel')}>
        {[
          ['', t('all')],
          ['true', t('published')],
          ['false', t('drafts')],
        ].map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={values.published === value}
            onClick={() => update({ published: value })}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
              values.published === value ? 'bg-royal text-white' : 'bg-white ring-1 ring-ink/15'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      {query.isError && <p className="mt-4 text-ruby">{query.error.message}</p>}
      <ul className="mt-4 space-y-2">
        {query.data?.items.map((article) => (
          <li key={article.id}>
            <Link
              href={`/admin/news/${article.id}`}
              className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-ink/10 hover:ring-royal md:flex-row md:items-center md:gap-4"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-bold">{article.title}</span>
                <span className="block truncate font-mono text-xs text-ink/70">/news/{article.slug}</span>
              </span>
              <span className="text-sm text-ink/70">{newsCategoryLabels[article.category]}</span>
              <span
                className={`w-fit rounded-full px-3 py-0.5 text-xs font-bold ${
                  article.published ? 'bg-leaf/15 text-leaf-ink' : 'bg-ink/10 text-ink/70'
                }`}
              >
                {article.published ? t('published') : t('draft')}
              </span>
              <span className="text-sm text-ink/70">
                {article.publishedAt ? formatVietnamTimeSeconds(article.publishedAt) : '—'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {query.data?.items.length === 0 && <p className="mt-6 text-center text-ink/70">{t('empty')}</p>}
      {query.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={(next) => update({ page: next })} />
      )}
    </div>
  );
}

interface Draft {
  slug: string;
  title: string;
  summary: string;
  coverImage: string;
  category: NewsCategory;
  body: string;
}

const emptyDraft: Draft = {
  slug: '',
  title: '',
  summary: '',
  coverImage: '/news/chao-mung-ra-mat-website-moi.jpg',
  category: 'updates',
  body: '',
};

/** Create (no article) or edit one: the Markdown beside its preview, then publish or unpublish. */
export function NewsEditor({ article }: { article?: NewsStaffItem }) {
  const t = useTranslations('admin.news');
  const router = useRouter();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [draft, setDraft] = useState<Draft>(() =>
    article
      ? {
          slug: article.slug,
          title: article.title,
          summary: article.summary,
          coverImage: article.coverImage,
          category: article.category,
          body: article.body,
        }
      : emptyDraft,
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const canEdit = user?.role === 'admin';

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'news'] });
  const onError = (error: Error) => {
    if (error instanceof ApiError) setErrors(error.errors);
    toast.error(error.message);
  };

  const save = useMutation({
    mutationFn: () =>
      article
        ? api.put<NewsStaffItem>(`/internal/news/${article.id}`, draft)
        : api.post<NewsStaffItem>('/internal/news', draft),
    onSuccess: (saved) => {
      setErrors({});
      toast.success(t('saved'));
      void refresh();
      if (!article) router.replace(`/admin/news/${saved.id}`);
    },
    onError,
  });
  const setPublished = useMutation({
    mutationFn: (publish: boolean) =>
      api.post<NewsStaffItem>(`/internal/news/${article!.id}/${publish ? 'publish' : 'unpublish'}`),
    onSuccess: (saved) => {
      toast.success(saved.published ? t('publishedToast') : t('unpublishedToast'));
      void refresh();
    },
    onError,
  });

  const field = (key: keyof Draft, label: string, props: { multiline?: boolean; hint?: string } = {}) => {
    const id = `news-${key}`;
    const control = {
      id,
      value: draft[key],
      disabled: !canEdit,
      'aria-describedby': props.hint ? `${id}-hint` : undefined,
      'aria-invalid': Boolean(errors[key]?.[0]),
      className: 'mt-1 w-full rounded-xl bg-white px-3 py-2 font-normal ring-1 ring-ink/15',
    };
    return (
      <div className="text-sm">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        {props.multiline ? (
          <textarea {...control} rows={3} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} />
        ) : (
          <input {...control} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} />
        )}
        {props.hint && (
          <span id={`${id}-hint`} className="mt-1 block text-xs text-ink/70">
            {props.hint}
          </span>
        )}
        {errors[key]?.[0] && (
          <span role="alert" className="mt-1 block text-ruby">
            {errors[key][0]}
          </span>
        )}
      </div>
    );
  };

  return (
    <div>
      <Link href="/admin/news" className="text-sm font-semibold text-royal">
        ← {t('back')}
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{article ? t('editTitle') : t('createTitle')}</h1>
        {article && (
          <span className="flex items-center gap-2">
            <span
              className={`rounded-full px-3 py-1 text-xs font-bold ${
                article.published ? 'bg-leaf/15 text-leaf-ink' : 'bg-ink/10 text-ink/70'
              }`}
            >
              {article.published ? t('published') : t('draft')}
            </span>
            {article.published && (
              <Link href={`/news/${article.slug}`} target="_blank" className="text-sm font-semibold text-royal">
                {t('view')}
              </Link>
            )}
          </span>
        )}
      </div>

      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = createNewsBodySchema.safeParse(draft);
          if (!checked.success) {
            const fieldErrors: Record<string, string[]> = {};
            for (const issue of checked.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
            setErrors(fieldErrors);
            return;
          }
          save.mutate();
        }}
      >
        <div className="grid gap-4 md:grid-cols-2">
          {field('title', t('fields.title'))}
          {field('slug', t('fields.slug'), { hint: t('fields.slugHint') })}
          {field('coverImage', t('fields.coverImage'), { hint: t('fields.coverHint') })}
          <label className="block text-sm font-semibold">
            {t('fields.category')}
            <select
              value={draft.category}
              disabled={!canEdit}
              onChange={(event) => setDraft({ ...draft, category: event.target.value as NewsCategory })}
              className="mt-1 w-full rounded-xl bg-white px-3 py-2 font-normal ring-1 ring-ink/15"
            >
              {newsCategories.map((category) => (
                <option key={category} value={category}>
                  {newsCategoryLabels[category]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {field('summary', t('fields.summary'), { multiline: true })}

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
          <div className={`text-sm ${tab === 'write' ? '' : 'hidden md:block'}`}>
            <label htmlFor="news-body" className="font-semibold">
              {t('fields.body')}
            </label>
            <textarea
              id="news-body"
              value={draft.body}
              disabled={!canEdit}
              onChange={(event) => setDraft({ ...draft, body: event.target.value })}
              rows={18}
              className="mt-1 w-full rounded-xl bg-white px-3 py-2 font-mono text-sm font-normal ring-1 ring-ink/15"
            />
            {errors.body?.[0] && (
              <span role="alert" className="mt-1 block text-ruby">
                {errors.body[0]}
              </span>
            )}
          </div>
          <section
            aria-label={t('preview')}
            className={`max-h-[36rem] overflow-y-auto rounded-2xl bg-white p-4 ring-1 ring-ink/10 ${tab === 'preview' ? '' : 'hidden md:block'}`}
          >
            <h2 className="text-xl font-black">{draft.title || t('untitled')}</h2>
            <MarkdownBody markdown={draft.body} />
          </section>
        </div>

        {canEdit && (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {t('save')}
            </Button>
            {article &&
              (article.published ? (
                <ConfirmButton
                  label={t('unpublish')}
                  title={t('unpublishTitle')}
                  description={t('unpublishText', { title: article.title })}
                  pending={setPublished.isPending}
                  onConfirm={() => setPublished.mutateAsync(false)}
                />
              ) : (
                <ConfirmButton
                  label={t('publish')}
                  title={t('publishTitle')}
                  description={t('publishText', { title: article.title })}
                  pending={setPublished.isPending}
                  onConfirm={() => setPublished.mutateAsync(true)}
                />
              ))}
          </div>
        )}
      </form>
    </div>
  );
}

export function NewsEditPage({ id }: { id: string }) {
  const query = useQuery({
    queryKey: ['admin', 'news', 'one', id],
    queryFn: () => api.get<NewsStaffItem>(`/internal/news/${id}`),
  });
  if (query.isPending) return <Spinner className="size-6" />;
  if (query.isError) return <p className="text-ruby">{query.error.message}</p>;
  return <NewsEditor key={`${query.data.id}:${query.data.updatedAt}:${query.data.published}`} article={query.data} />;
}
