import { newsCategories } from '@carabala/contracts';
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

export const newsCategoryEnum = pgEnum('news_category', newsCategories);

/** News articles; only published ones are public, newest `published_at` first. */
export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: varchar('slug', { length: 120 }).notNull().unique('news_slug_unique'),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    coverImage: varchar('cover_image', { length: 300 }).notNull(),
    body: text('body').notNull(),
    category: newsCategoryEnum('category').notNull(),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_published_idx').on(table.published, table.publishedAt)],
);
