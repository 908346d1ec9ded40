'use client';

import type { Paged } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { recordKeys, useRead, useWrite } from '@/lib/staff-query';

/** A drafted record in a console list: its id as the list's key (a string), the number kept as `recordId`. */
export type Listed<R extends { id: number }> = Omit<R, 'id'> & { id: string; recordId: number };

/**
 * The console's calls for one kind of drafted record (packs, promotions) at `path`: the list (search,
 * grouping and state), one record, saving its draft (a new one when there is no id) and publishing it.
 */
export function draftRecords<R extends { id: number }, Body>(
  kind: string,
  path: string,
  pageSchema: z.ZodType<Paged<R>>,
  recordSchema: z.ZodType<R>,
) {
  const keys = recordKeys<Record<string, string | number>, number>(kind);
  return {
    keys,
    useList: (filter: Record<string, string>, page: number, pageSize: number) =>
      useQuery({
        queryKey: keys.list({ ...filter, page, pageSize }),
        queryFn: () => {
          const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
          for (const [key, value] of Object.entries(filter)) if (value) search.set(key, value);
          return api.get(`${path}?${search}`, pageSchema);
        },
        select: (answer): Paged<Listed<R>> => ({
          ...answer,
          items: answer.items.map((record) => ({ ...record, id: String(record.id), recordId: record.id })),
        }),
      }),
    useOne: (id: number) => useRead(keys.detail(id), `${path}/${id}`, recordSchema),
    useSave: (id: number | undefined) =>
      useWrite(
        (body: Body) => (id ? api.put(`${path}/${id}`, body, recordSchema) : api.post(path, body, recordSchema)),
        keys.all,
      ),
    usePublish: (id: number) => useWrite(() => api.post(`${path}/${id}/publish`, {}, recordSchema), keys.all),
  };
}
