import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from './client';
import { readPage, type PageQuery } from './paging';
import { foldedWordsMatch } from './search';
import type { DraftedRow, HideableRow } from '../lib/drafted-documents';
import { changesBetween } from '../lib/field-changes';

// Records staff draft and publish (packs, promotions, home slides): a `draft` and a `published` JSON
// document of one shape in the same row (decision records 034 to 036), each change audited with the
// fields it changes, before and after. The owning module hands in its table's reads and writes.

/** Where a record stands, computed by the database (jsonb equality ignores key order). */
export const draftStateSql = (draft: AnyPgColumn, published: AnyPgColumn) =>
  sql<'draft' | 'published' | 'changed'>`case when ${published} is null then 'draft'
  when ${draft} = ${published} then 'published' else 'changed' end`;

/** What publishing sets: the draft copied to the published state, now. */
export const publishedFromDraft = (draft: AnyPgColumn) => ({
  published: sql`${draft}`,
  publishedAt: new Date(),
  updatedAt: new Date(),
});

/**
 * Reads one row of a drafted table by its id as `columns` say (staff's view of it); `forUpdate`
 * locks the row while a change or a publication is made.
 */
export function draftedRowById<F extends SelectedFields, Id>(table: PgTable & { id: AnyPgColumn }, columns: F) {
  return async (db: Db | Tx, id: Id, { forUpdate = false }: { forUpdate?: boolean } = {}) => {
    const query = db
      .select(columns as Record<string, AnyPgColumn>)
      .from(table as PgTable)
      .where(eq(table.id, id))
      .limit(1);
    const [row] = forUpdate ? await query.for('update', { of: table as PgTable }) : await query;
    // drizzle cannot follow the selection through a generic `F`; the row holds these columns' values.
    return row as SelectResultFields<F> | undefined;
  };
}

/**
 * Every draft and published document of a drafted table as JSON text, for the pictures they name
 * (the worker's sweep of unused uploaded pictures).
 */
export async function draftedTexts(
  db: Db,
  table: { draft: AnyPgColumn; published: AnyPgColumn } & PgTable,
): Promise<string[]> {
  const rows = await db
    .select({ draft: sql<string>`${table.draft}::text`, published: sql<string | null>`${table.published}::text` })
    .from(table);
  return rows.flatMap((row) => (row.published === null ? [row.draft] : [row.draft, row.published]));
}

/** What a console list of drafted records asks: a page, a search in the title, one grouping field, a state. */
export interface DraftedListQuery extends PageQuery {
  q?: string;
  state?: string;
}

/**
 * A page of a drafted table as staff list it (`columns`, in `orderBy`): the draft's title searched
 * ignoring diacritics, the draft's `group` field (a pack's tab, a promotion's kind) equal to its value
 * when one is asked, and the record's state.
 */
export function readDraftedPage<F extends SelectedFields>(
  db: Db,
  table: PgTable & { draft: AnyPgColumn; published: AnyPgColumn },
  columns: F,
  query: DraftedListQuery,
  group: [field: string, value: string | undefined],
  orderBy: SQL[],
) {
  const [field, value] = group;
  const conditions = [
    query.q ? foldedWordsMatch(query.q, sql`${table.draft}->>'title'`) : undefined,
    value ? sql`${table.draft}->>${field} = ${value}` : undefined,
    query.state ? sql`${draftStateSql(table.draft, table.published)} = ${query.state}` : undefined,
  ].filter((condition) => condition !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = db
    .select(columns as Record<string, AnyPgColumn>)
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy);
  // drizzle cannot follow the selection through a generic `F`; the rows hold these columns' values.
  return readPage<SelectResultFields<F>>(
    query,
    rows as unknown as Parameters<typeof readPage<SelectResultFields<F>>>[1],
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  );
}

/** The owning module's writes of its drafted table (each table has one writer: its owning module). */
export interface DraftedWrites<Id, C> {
  insertDraft: (tx: Tx, id: Id, draft: C) => Promise<unknown>;
  replaceDraft: (tx: Tx, id: Id, draft: C) => Promise<unknown>;
  /** Copies the draft to the published state (`publishedFromDraft`). */
  publish: (tx: Tx, id: Id) => Promise<unknown>;
}

export interface DraftedTable<Id, C, R extends DraftedRow<Id, C>, S, B> extends DraftedWrites<Id, C> {
  find: (db: Db | Tx, id: Id, options?: { forUpdate?: boolean }) => Promise<R | undefined>;
  /** A row as staff read it. */
  present: (row: R) => S;
  /** The id of a new row. */
  newId: (tx: Tx) => Promise<Id>;
  /** The document a request's body makes (checked against the rest of the table, maybe). */
  contentOf: (tx: Tx, id: Id, body: B) => Promise<C>;
  notFound: () => Error;
  audit: (
    tx: Tx,
    actorId: string,
    change: 'create' | 'update' | 'publish',
    id: Id,
    content: C,
    changes: ReturnType<typeof changesBetween<C & object>>,
  ) => Promise<void>;
}

export function draftedDocuments<Id, C extends object, R extends DraftedRow<Id, C>, S, B>(
  db: Db,
  table: DraftedTable<Id, C, R, S, B>,
) {
  const reread = async (tx: Tx, id: Id) => table.present((await table.find(tx, id))!);
  const change = (id: Id | null, actorId: string, body: B): Promise<S> =>
    db.transaction(async (tx) => {
      const current = id === null ? undefined : await table.find(tx, id, { forUpdate: true });
      if (id !== null && !current) throw table.notFound();
      const rowId = id ?? (await table.newId(tx));
      const draft = await table.contentOf(tx, rowId, body);
      if (current) await table.replaceDraft(tx, rowId, draft);
      else await table.insertDraft(tx, rowId, draft);
      const changes = changesBetween(current?.draft ?? null, draft);
      await table.audit(tx, actorId, current ? 'update' : 'create', rowId, draft, changes);
      return reread(tx, rowId);
    });

  return {
    /** One row as staff read it. */
    async get(id: Id): Promise<S> {
      const row = await table.find(db, id);
      if (!row) throw table.notFound();
      return table.present(row);
    },

    /** Creates a row, a draft until published. */
    create: (actorId: string, body: B) => change(null, actorId, body),
    /** Replaces a row's draft: nothing players see changes until `publish`. */
    update: (id: Id, actorId: string, body: B) => change(id, actorId, body),

    /** Copies the draft to the published state (nothing when they are the same). */
    publish(id: Id, actorId: string): Promise<S> {
      return db.transaction(async (tx) => {
        const current = await table.find(tx, id, { forUpdate: true });
        if (!current) throw table.notFound();
        if (current.state === 'published') return table.present(current);
        await table.publish(tx, id);
        const changes = changesBetween(current.published, current.draft);
        await table.audit(tx, actorId, 'publish', id, current.draft, changes);
        return reread(tx, id);
      });
    },
  };
}

export interface HideableTable<Id, C, R extends HideableRow<Id, C>, S> {
  find: (db: Db | Tx, id: Id, options?: { forUpdate?: boolean }) => Promise<R | undefined>;
  /** The owning module's write: hidden now, or shown again (null). */
  setHidden: (tx: Tx, id: Id, hidden: boolean) => Promise<unknown>;
  present: (row: R) => S;
  notFound: () => Error;
  /** The refusal for a row never published: there is nothing of it on the public pages. */
  notPublished: () => Error;
  /** Records "hidden" or "shown again", with the published document it is about. */
  audit: (tx: Tx, actorId: string, hidden: boolean, id: Id, published: C) => Promise<void>;
}

/**
 * "Ẩn ngay" and "Hiện lại": takes a published row off the public pages at once or brings it back,
 * audited. Its draft and published documents stay as they are (a hidden row may be edited and
 * published again, and stays hidden until shown); `updatedAt` too, so an open form keeps its typing.
 * Setting what is already so changes nothing. The route then revalidates like a publication.
 */
export function hiddenSwitch<Id, C, R extends HideableRow<Id, C>, S>(db: Db, table: HideableTable<Id, C, R, S>) {
  return (id: Id, actorId: string, hidden: boolean): Promise<S> =>
    db.transaction(async (tx) => {
      const current = await table.find(tx, id, { forUpdate: true });
      if (!current) throw table.notFound();
      if (current.published === null) throw table.notPublished();
      if ((current.hiddenAt !== null) === hidden) return table.present(current);
      await table.setHidden(tx, id, hidden);
      await table.audit(tx, actorId, hidden, id, current.published);
      return table.present((await table.find(tx, id))!);
    });
}
