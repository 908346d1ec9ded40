'use client';

import {
  homeArtSchema,
  staffHomeSlideListSchema,
  staffHomeSlideSchema,
  type HomeArtKind,
  type HomeSection,
  type HomeSlideBody,
  type HomeSlideContent,
  type HomeSlideMove,
} from '@carabala/contracts';
import { imageForm } from '@/components/form/image-upload-button';
import { api } from '@/lib/api-client';
import { fromVietnamInput, toVietnamInput } from '@/lib/format';
import { useRead, useWrite } from '@/lib/staff-query';

export const homeKeys = { all: ['home-slides'] as const, section: (section: HomeSection) => ['home-slides', section] };

export const useHomeSlides = (section: HomeSection) =>
  useRead(homeKeys.section(section), `/internal/home/slides?section=${section}`, staffHomeSlideListSchema);

/** Creates a slide (no id) or replaces its draft. */
export const useSaveSlide = (id: string | undefined) =>
  useWrite(
    (body: HomeSlideBody) =>
      id
        ? api.put(`/internal/home/slides/${id}`, body, staffHomeSlideSchema)
        : api.post('/internal/home/slides', body, staffHomeSlideSchema),
    homeKeys.all,
  );

export const usePublishSlide = (id: string) =>
  useWrite(() => api.post(`/internal/home/slides/${id}/publish`, {}, staffHomeSlideSchema), homeKeys.all);

/** "Ẩn ngay" (true) or "Hiện lại" (false) on a published slide. */
export const useSetSlideHidden = (id: string) =>
  useWrite(
    (hidden: boolean) => api.post(`/internal/home/slides/${id}/${hidden ? 'hide' : 'show'}`, {}, staffHomeSlideSchema),
    homeKeys.all,
  );

/** One place up or down in its section: the drafts and the home page at once. */
export const useMoveSlide = (id: string) =>
  useWrite(
    (direction: HomeSlideMove['direction']) =>
      api.post(`/internal/home/slides/${id}/move`, { direction }, staffHomeSlideSchema),
    homeKeys.all,
  );

/** Uploads a picture: the API re-encodes it to WebP at its carousel's size and answers its path. */
export const uploadHomeArt = (kind: HomeArtKind) => (file: File) =>
  api.post(`/internal/home/art?kind=${kind}`, imageForm(file), homeArtSchema);

/**
 * What the slide form's inputs hold (text; times as Vietnam's wall clock in `datetime-local`). The
 * place is not among them: "Lên" and "Xuống" move a slide, and a new one goes last.
 */
export interface SlideValues {
  title: string;
  image: string;
  mobileImage: string;
  link: string;
  visibleFrom: string;
  visibleUntil: string;
}

export const valuesOf = (draft: HomeSlideContent | null): SlideValues => ({
  title: draft?.title ?? '',
  image: draft?.image ?? '',
  mobileImage: draft?.mobileImage ?? '',
  link: draft?.link ?? '',
  visibleFrom: toVietnamInput(draft?.visibleFrom ?? null),
  visibleUntil: toVietnamInput(draft?.visibleUntil ?? null),
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export const bodyOf = (section: HomeSection, values: SlideValues) => ({
  section,
  title: values.title,
  image: values.image,
  mobileImage: section === 'banner' ? orNull(values.mobileImage) : null,
  link: orNull(values.link),
  visibleFrom: fromVietnamInput(values.visibleFrom),
  visibleUntil: fromVietnamInput(values.visibleUntil),
});
