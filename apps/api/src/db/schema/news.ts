import { newsCategories } from '@carabala/contracts';
import { boolean, index, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { randomId, timestampTz, writtenAt } from './columns';

export const newsCategoryEnum = pgEnum('news_category', newsCategories);

/** News articles; only published ones are public, newest `published_at` first. */
export const news = pgTable(
  'news',
  {
    id: randomId(),
    slug: varchar('slug', { length: 120 }).notNull().unique('news_slug_unique'),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    coverImage: varchar('cover_image', { length: 300 }).notNull(),
    body: text('body').notNull(),
    category: newsCategoryEnum('category').notNull(),
    published: boolean('published').notNull().default(false),
    /** Published with a future `published_at`: scheduled, public from that moment. */
    publishedAt: timestampTz('published_at'),
    /** Pinned ("HOT") at the top of the home page's list. */
    hot: boolean('hot').notNull().default(false),
    ...writtenAt(),
  },
  (table) => [index('news_published_idx').on(table.published, table.publishedAt)],
);
