import { jsonb, timestamp, uuid, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

// Column builders the tables share. Each one is what the table wrote out by hand before, so the SQL
// (and the migrations drizzle-kit generates) stays the same.

/** A random UUID primary key (`gen_random_uuid()`): ids a guest may see in a URL are unguessable. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();

/** A moment, with time zone. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** A moment that is never null and is now unless the insert says otherwise. */
export const stampedAt = (name: string) => timestampTz(name).notNull().defaultNow();

/** `created_at` and `updated_at`, both now at insert; the repository moves `updatedAt` on each change. */
export const writtenAt = () => ({ createdAt: stampedAt('created_at'), updatedAt: stampedAt('updated_at') });

/** A not-null foreign key to another table's uuid column. */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });

/**
 * A record staff draft and publish (db/drafts.ts): the `draft` document, the `published` one
 * (null until the first publication) and when, and `created_at`/`updated_at`.
 */
export const draftedColumns = <C>() => ({
  draft: jsonb('draft').$type<C>().notNull(),
  published: jsonb('published').$type<C>(),
  publishedAt: timestampTz('published_at'),
  ...writtenAt(),
});

/**
 * When staff took a published record off the public pages ("Ẩn ngay": a pack, a home slide); null
 * while it shows as published. Its documents stay as they are, so "Hiện lại" brings back the same.
 */
export const hiddenAt = () => ({ hiddenAt: timestampTz('hidden_at') });
