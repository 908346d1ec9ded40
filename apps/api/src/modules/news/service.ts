import {
  HOME_NEWS_COUNT,
  type AuditAction,
  type NewsStaffListQuery,
  newsCodes,
  newsMessages,
  type CreateNewsBody,
  type NewsArticle,
  type NewsList,
  type NewsListQuery,
  type NewsStaffItem,
  type UpdateNewsBody,
} from '@carabala/contracts';
import type { Db, Tx } from '../../db/client';
import { toPaged } from '../../db/paging';
import { publishesContent, type EventPublisher } from '../../lib/events';
import { AppError, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import {
  findById,
  findScheduledMoments,
  findPublishedBySlug,
  insertNews,
  listAll,
  listPublished,
  updateNews,
  type NewsRow,
  type NewsView,
} from './repository';

/** The fields an article shows to everyone; the dates depend on who reads. */
const articleFields = (row: NewsRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  coverImage: row.coverImage,
  category: row.category,
  body: row.body,
  hot: row.hot,
  updatedAt: row.updatedAt.toISOString(),
});

const toStaffItem = (row: NewsRow): NewsStaffItem => ({
  ...articleFields(row),
  published: row.published,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const slugTaken = () =>
  new AppError(409, newsCodes.slugTaken, newsMessages.slugTaken, { slug: [newsMessages.slugTaken] });

/** The unique index decides, so two editors saving the same slug at once cannot both win. */
function isSlugConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint === 'news_slug_unique');
}

async function withSlugGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSlugConflict(error)) throw slugTaken();
    throw error;
  }
}

async function listNews(db: Db, query: NewsListQuery, view?: NewsView): Promise<NewsList> {
  const page = await listPublished(db, { ...query, hotFirst: query.hotFirst === 'true' }, view);
  return toPaged(query, page, (row) => ({
    ...row,
    publishedAt: row.publishedAt!.toISOString(),
  }));
}

async function getNewsBySlug(db: Db, slug: string): Promise<NewsArticle> {
  const row = await findPublishedBySlug(db, slug);
  if (!row) throw notFound(newsMessages.notFound);
  return { ...articleFields(row), publishedAt: row.publishedAt!.toISOString() };
}

async function listNewsForStaff(db: Db, query: NewsStaffListQuery) {
  const page = await listAll(db, {
    page: query.page,
    pageSize: query.pageSize,
    published: query.published === undefined ? undefined : query.published === 'true',
    q: query.q,
  });
  return toPaged(query, page, toStaffItem);
}

async function getNewsForStaff(db: Db, id: string): Promise<NewsStaffItem> {
  const row = await findById(db, id);
  if (!row) throw notFound(newsMessages.notFound);
  return toStaffItem(row);
}

async function createNews(db: Db, actorId: string, input: CreateNewsBody): Promise<NewsStaffItem> {
  return withSlugGuard(() =>
    db.transaction(async (tx) => {
      const { publishedAt, ...fields } = input;
      const row = await insertNews(tx, {
        ...fields,
        publishedAt: publishedAt ? new Date(publishedAt) : input.published ? new Date() : null,
      });
      await recordAudit(tx, {
        actorId,
        action: 'news.create',
        targetType: 'news',
        targetId: row.id,
        detail: { slug: row.slug, title: row.title, published: row.published },
      });
      return toStaffItem(row);
    }),
  );
}

async function changeNews(
  db: Db,
  id: string,
  actorId: string,
  action: AuditAction,
  decide: (current: NewsRow) => Partial<NewsRow>,
): Promise<NewsStaffItem> {
  return withSlugGuard(() =>
    db.transaction(async (tx: Tx) => {
      const current = await findById(tx, id, { forUpdate: true });
      if (!current) throw notFound(newsMessages.notFound);
      const changes = decide(current);
      const row = await updateNews(tx, id, changes);
      const before = Object.fromEntries(
        Object.keys(changes).map((key) => [key, key === 'body' ? undefined : current[key as keyof NewsRow]]),
      );
      await recordAudit(tx, {
        actorId,
        action,
        targetType: 'news',
        targetId: id,
        // The body can be long; the audit keeps that it changed, the other fields before and after.
        detail: {
          slug: row.slug,
          fields: Object.keys(changes),
          before,
          after: Object.fromEntries(
            Object.keys(changes).map((key) => [key, key === 'body' ? undefined : row[key as keyof NewsRow]]),
          ),
        },
      });
      return toStaffItem(row);
    }),
  );
}

function editNews(db: Db, id: string, actorId: string, input: UpdateNewsBody) {
  return changeNews(db, id, actorId, 'news.update', () => {
    const { publishedAt, ...fields } = input;
    const changes: Partial<NewsRow> = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    );
    if (publishedAt) changes.publishedAt = new Date(publishedAt);
    return changes;
  });
}

/** Publishing keeps the first publication date, so re-publishing a fixed article does not bump it to the top. */
function publishNews(db: Db, id: string, actorId: string) {
  return changeNews(db, id, actorId, 'news.publish', (current) => ({
    published: true,
    publishedAt: current.publishedAt ?? new Date(),
  }));
}

function unpublishNews(db: Db, id: string, actorId: string) {
  return changeNews(db, id, actorId, 'news.unpublish', () => ({ published: false }));
}

/** When scheduled articles become public (the schedule's boundaries), as milliseconds. */
export async function scheduledNewsBoundaries(db: Db): Promise<number[]> {
  return (await findScheduledMoments(db)).map((moment) => moment.getTime());
}

/** The next moment a scheduled article becomes public, or null: the public answers live no longer. */
async function nextScheduled(db: Db): Promise<number | null> {
  const now = Date.now();
  const upcoming = (await scheduledNewsBoundaries(db)).filter((moment) => moment > now);
  return upcoming.length ? Math.min(...upcoming) : null;
}

export interface NewsDeps {
  db: Db;
  /** Where `content.published` goes after every change (an edit may change a published article). */
  events: EventPublisher;
}

/** The news: published articles for everyone, every article for admins (audited). */
export function createNewsService({ db, events }: NewsDeps) {
  const published = publishesContent(events, 'news');
  return {
    list: (query: NewsListQuery) => listNews(db, query),
    /** The home page's list (pinned first) as `view` sees it: at a chosen moment, drafts included or not (the staff's preview). */
    homeList: async (view: NewsView) =>
      (await listNews(db, { page: 1, pageSize: HOME_NEWS_COUNT, hotFirst: 'true' }, view)).items,
    nextScheduled: () => nextScheduled(db),
    bySlug: (slug: string) => getNewsBySlug(db, slug),
    listForStaff: (query: Parameters<typeof listNewsForStaff>[1]) => listNewsForStaff(db, query),
    getForStaff: (id: string) => getNewsForStaff(db, id),
    create: (actorId: string, input: CreateNewsBody) => published(createNews(db, actorId, input)),
    edit: (id: string, actorId: string, input: UpdateNewsBody) => published(editNews(db, id, actorId, input)),
    publish: (id: string, actorId: string) => published(publishNews(db, id, actorId)),
    unpublish: (id: string, actorId: string) => published(unpublishNews(db, id, actorId)),
  };
}
