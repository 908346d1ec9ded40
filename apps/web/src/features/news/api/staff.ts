'use client';

import {
  createNewsBodySchema,
  newsCoverSchema,
  newsStaffItemSchema,
  newsStaffListSchema,
  type NewsStaffItem,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { imageForm } from '@/components/form/image-upload-button';
import { api } from '@/lib/api-client';
import { fromVietnamInput, toVietnamInput } from '@/lib/format';
import { useRead, useWrite } from '@/lib/staff-query';

/**
 * What the editor writes: the article's fields and its moment (`publishedAt`: a future one schedules
 * it); publishing is its own action.
 */
export const newsDraftSchema = createNewsBodySchema.omit({ published: true });
export type NewsDraft = z.infer<typeof newsDraftSchema>;

/** The editor's inputs: the draft, its moment as Vietnam's wall clock in `datetime-local`. */
export type NewsValues = Omit<NewsDraft, 'publishedAt'> & { publishAt: string };

/** The request body; the moment is sent only when staff changed it (the input keeps whole minutes). */
export const draftOf = ({ publishAt, ...values }: NewsValues, article?: NewsStaffItem) => ({
  ...values,
  publishedAt:
    publishAt === toVietnamInput(article?.publishedAt ?? null) ? undefined : (fromVietnamInput(publishAt) ?? undefined),
});

/** Uploads a cover: the API re-encodes it to WebP at 1200 x 630 and answers its path. */
export const uploadNewsCover = (file: File) => api.post('/internal/news/cover', imageForm(file), newsCoverSchema);

/** The query keys of the staff's news reads. */
export const newsKeys = {
  all: ['news'] as const,
  list: (filter: NewsFilter) => [...newsKeys.all, 'list', filter] as const,
  detail: (id: string) => [...newsKeys.all, 'detail', id] as const,
};

type NewsFilter = { published: string; q: string; page: number; pageSize: number };

export function useStaffNews(filter: NewsFilter) {
  return useQuery({
    queryKey: newsKeys.list(filter),
    queryFn: () => {
      const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
      if (filter.published) search.set('published', filter.published);
      if (filter.q) search.set('q', filter.q);
      return api.get(`/internal/news?${search}`, newsStaffListSchema);
    },
  });
}

export const useStaffArticle = (id: string) =>
  useRead(newsKeys.detail(id), `/internal/news/${id}`, newsStaffItemSchema);

/** Creates an article (no id) or saves one. */
export const useSaveArticle = (id: string | undefined) =>
  useWrite(
    (body: NewsDraft) =>
      id
        ? api.put(`/internal/news/${id}`, body, newsStaffItemSchema)
        : api.post('/internal/news', body, newsStaffItemSchema),
    newsKeys.all,
  );

export const usePublishArticle = (id: string) =>
  useWrite(
    (publish: boolean) =>
      api.post(`/internal/news/${id}/${publish ? 'publish' : 'unpublish'}`, {}, newsStaffItemSchema),
    newsKeys.all,
  );
