'use client';

import {
  packArtSchema,
  staffPackPageSchema,
  staffPackSchema,
  type PackBody,
  type StaffPack,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { imageForm } from '@/components/form/image-upload-button';
import { api } from '@/lib/api-client';
import { recordKeys, useRead, useWrite } from '@/lib/staff-query';

/** The query keys of the staff's catalogue reads. */
export const catalogueKeys = recordKeys<PackFilter, number>('catalogue');

export type PackFilter = { q: string; tab: string; state: string; page: number; pageSize: number };

/** A pack in a console list: its id as the list's key, the number kept as `packId`. */
export type PackRow = Omit<StaffPack, 'id'> & { id: string; packId: number };

export function useStaffPacks(filter: PackFilter) {
  return useQuery({
    queryKey: catalogueKeys.list(filter),
    queryFn: () => {
      const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
      for (const key of ['q', 'tab', 'state'] as const) if (filter[key]) search.set(key, filter[key]);
      return api.get(`/internal/catalogue/packs?${search}`, staffPackPageSchema);
    },
    select: (page) => ({
      ...page,
      items: page.items.map((pack): PackRow => ({ ...pack, id: String(pack.id), packId: pack.id })),
    }),
  });
}

export const useStaffPack = (id: number) =>
  useRead(catalogueKeys.detail(id), `/internal/catalogue/packs/${id}`, staffPackSchema);

/** Creates a pack (no id) or replaces its draft. */
export const useSavePack = (id: number | undefined) =>
  useWrite(
    (body: PackBody) =>
      id
        ? api.put(`/internal/catalogue/packs/${id}`, body, staffPackSchema)
        : api.post('/internal/catalogue/packs', body, staffPackSchema),
    catalogueKeys.all,
  );

/** Publishes the saved draft; a price change asks for a fresh code first (the console's step-up dialog). */
export const usePublishPack = (id: number) =>
  useWrite(() => api.post(`/internal/catalogue/packs/${id}/publish`, {}, staffPackSchema), catalogueKeys.all);

/** Uploads a picture: the API re-encodes it to the store's WebP sizes and answers the two paths. */
export const uploadPackArt = (file: File) => api.post('/internal/catalogue/art', imageForm(file), packArtSchema);
