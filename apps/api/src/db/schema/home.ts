import type { HomeSlideContent } from '@carabala/contracts';
import { pgTable } from 'drizzle-orm/pg-core';
import { draftedColumns, hiddenAt, randomId } from './columns';

// The home module's table (modules/home).

/**
 * The home page's slides, every section in one table (the section is in the content). Staff write
 * `draft`; publishing copies it to `published`, the only state the home page and the schedule read
 * (null until the first publication), as the catalogue's packs do (decision record 035).
 */
export const homeSlides = pgTable('home_slides', {
  id: randomId(),
  ...draftedColumns<HomeSlideContent>(),
  ...hiddenAt(),
});
