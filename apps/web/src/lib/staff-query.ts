'use client';

import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** A list read: the filter POSTed to a `find-many` route, the page parsed with its schema. */
export const useFindMany = <S extends z.ZodType>(queryKey: QueryKey, path: string, filter: unknown, schema: S) =>
  useQuery({ queryKey, queryFn: () => api.post(path, filter, schema) });

/** A single read: one GET, its answer parsed with its schema. */
export const useRead = <S extends z.ZodType>(queryKey: QueryKey, path: string, schema: S) =>
  useQuery({ queryKey, queryFn: () => api.get(path, schema) });

/** A write; every query under `invalidate` is read again after it succeeds. */
export function useWrite<Input, Result>(write: (input: Input) => Promise<Result>, invalidate: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
}
