'use client';

import {
  packArtSchema,
  staffPackPageSchema,
  staffPackSchema,
  type PackBody,
  type StaffPack,
} from '@carabala/contracts';
import { imageForm } from '@/components/form/image-upload-button';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/staff-query';
import { draftRecords } from './draft-api';

/** The console's calls for packs: the list, one pack, saving its draft and publishing it (both with step-up, through the console's step-up dialog). */
export const packRecords = draftRecords<StaffPack, PackBody>(
  'catalogue',
  '/internal/catalogue/packs',
  staffPackPageSchema,
  staffPackSchema,
);

/** "Ẩn ngay" (true) or "Hiện lại" (false) on a published pack (step-up, through the console's step-up dialog). */
export const useSetPackHidden = (id: number) =>
  useWrite(
    (hidden: boolean) => api.post(`/internal/catalogue/packs/${id}/${hidden ? 'hide' : 'show'}`, {}, staffPackSchema),
    packRecords.keys.all,
  );

/** Uploads a picture: the API re-encodes it to the store's WebP sizes and answers the two paths. */
export const uploadPackArt = (file: File) => api.post('/internal/catalogue/art', imageForm(file), packArtSchema);
