'use client';

import {
  packArtSchema,
  staffPackPageSchema,
  staffPackSchema,
  type PackBody,
  type StaffPack,
} from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftRecords } from './draft-api';

/** The console's calls for packs: the list, one pack, saving its draft and publishing it (a price change asks for a fresh code first, through the console's step-up dialog). */
export const packRecords = draftRecords<StaffPack, PackBody>(
  'catalogue',
  '/internal/catalogue/packs',
  staffPackPageSchema,
  staffPackSchema,
);

/** Uploads a picture: the API re-encodes it to the store's WebP sizes and answers the two paths. */
export function useUploadPackArt() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post('/internal/catalogue/art', form, packArtSchema);
    },
  });
}
