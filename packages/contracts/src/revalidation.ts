import { z } from 'zod';

// POST /_internal/revalidate, the API's call to each web process after public content changed
// (apps/web/src/app/_internal/revalidate, the table of public pages in apps/web/public-pages.mjs).

/** The published content public pages show; each is also the cache tag of the web's reads of it. */
export const publicContents = ['news', 'catalogue', 'home'] as const;
export type PublicContent = (typeof publicContents)[number];

/**
 * The body of POST /_internal/revalidate: the content that changed, whose pages are rebuilt on their
 * next visit. A call without a body changes every content.
 */
export const revalidateRequestSchema = z.object({ content: z.array(z.enum(publicContents)).min(1) });
export type RevalidateRequest = z.infer<typeof revalidateRequestSchema>;
