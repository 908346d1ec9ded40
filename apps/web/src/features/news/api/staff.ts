'use client';

import { createNewsBodySchema, newsStaffItemSchema, newsStaffListSchema } from '@carabala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** What the editor writes: the article's fields; publishing is its own action. */
export const newsDraftSchema = createNewsBodySchema.omit({ published: true, publishedAt: true });
export type NewsDraft = z.infer<typeof newsDraftSchema>;

/** The query keys of the staff's news reads. */
export const newsKeys = {
  all: ['news'] as const,
  list: (filter: { published: string; page: number; pageSize: number }) => [...newsKeys.all, 'list', filter] as const,
  detail: (id: string) => [...newsKeys.all, 'detail', id] as const,
};

export function useStaffNews(filter: { published: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: newsKeys.list(filter),
    queryFn: () => {
      const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
      if (filter.published) search.set('published', filter.published);
      return api.get(`/internal/news?${search}`, newsStaffListSchema);
    },
  });
}

export function useStaffArticle(id: string) {
  return useQuery({
    queryKey: newsKeys.detail(id),
    queryFn: () => api.get(`/internal/news/${id}`, newsStaffItemSchema),
  });
}

/** Creates an article (no id) or saves one. */
export function useSaveArticle(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsDraft) =>
      id
        ? api.put(`/internal/news/${id}`, body, newsStaffItemSchema)
        : api.post('/internal/news', body, newsStaffItemSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function usePublishArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publish: boolean) =>
      api.post(`/internal/news/${id}/${publish ? 'publish' : 'unpublish'}`, {}, newsStaffItemSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
