'use client';

import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, AwaitingApproval } from '@/lib/api-client';

/**
 * The root key of every read of the requests waiting for approval (the list, the console's count):
 * a write that became such a request reads them again.
 */
export const approvalsKey = ['approvals'] as const;

/** The query keys of one kind of record staff list and open: all of them, a filtered list, one. */
export const recordKeys = <Filter, Id extends string | number>(kind: string) => ({
  all: [kind] as const,
  list: (filter: Filter) => [kind, 'list', filter] as const,
  detail: (id: Id) => [kind, 'detail', id] as const,
});

/** A list read: the filter POSTed to a `find-many` route, the page parsed with its schema. */
export const useFindMany = <S extends z.ZodType>(queryKey: QueryKey, path: string, filter: unknown, schema: S) =>
  useQuery({ queryKey, queryFn: () => api.post(path, filter, schema) });

/** A single read: one GET, its answer parsed with its schema. */
export const useRead = <S extends z.ZodType>(queryKey: QueryKey, path: string, schema: S) =>
  useQuery({ queryKey, queryFn: () => api.get(path, schema) });

/**
 * A write; every query under `invalidate` is read again after it succeeds, and the approval reads
 * too when it became a request waiting for approval.
 */
export function useWrite<Input, Result>(write: (input: Input) => Promise<Result>, invalidate: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invalidate }),
        result instanceof AwaitingApproval && queryClient.invalidateQueries({ queryKey: approvalsKey }),
      ]),
  });
}

/**
 * A preview read (GET /api/internal/preview/{view}): the page at `at` (ISO 8601), drafts included or
 * not, and `clockShift`, how far the chosen moment was from the browser's clock when it came, so the
 * countdowns tick on from the chosen moment.
 */
export const usePreviewRead = <S extends z.ZodType<{ at: string }>>(
  view: 'store' | 'home',
  schema: S,
  { at, drafts }: { at: string; drafts: boolean },
) =>
  useQuery({
    queryKey: ['preview', view, at, drafts],
    queryFn: async () => {
      const search = new URLSearchParams({ at, drafts: drafts ? '1' : '0' });
      const data = await api.get(`/internal/preview/${view}?${search}`, schema);
      return { data, clockShift: Date.parse(data.at) - Date.now() };
    },
  });
