import type { PackContent } from '@carabala/contracts';
import { integer, pgSequence, pgTable, smallint } from 'drizzle-orm/pg-core';
import { draftedColumns, hiddenAt, timestampTz } from './columns';

// The catalogue module's tables (modules/catalogue).

/**
 * The store's packs. Staff write `draft`; publishing copies it to `published`, the only state the
 * store, the orders and the schedule read (null until the first publication). The id is the card's
 * product id (4445 and 4647 are options inside their packs' content).
 */
export const packs = pgTable('packs', {
  id: integer('id').primaryKey(),
  ...draftedColumns<PackContent>(),
  ...hiddenAt(),
});

/** Product ids of new packs and new options; the seeded ones are all below its start. */
export const productIds = pgSequence('product_ids', { startWith: 10_000 });

/**
 * The one row of the schedule: every published boundary (a window or a sale starting or ending) up
 * to `handled_until` has had its pages revalidated. Moved only after the revalidation, so a worker
 * killed in the middle leaves the boundary for the next run.
 */
export const catalogueSchedule = pgTable('catalogue_schedule', {
  id: smallint('id').primaryKey().default(1),
  handledUntil: timestampTz('handled_until').notNull(),
});
