import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { publishedFromDraft } from '../db/drafts';
import { changesBetween } from './field-changes';

// Documents staff draft and publish (the store's packs, the promotions, the home page's slides;
// decision records 034 to 036): a row with a `draft` and a `published` copy of one JSON shape, each change audited with
// the fields it changes, before and after.

export type DraftState = 'draft' | 'published' | 'changed';

export interface DraftedRow<Id, C> {
  id: Id;
  state: DraftState;
  draft: C;
  published: C | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A row staff can hide from the public pages (a pack, a home slide): when it was hidden, or null. */
export interface HideableRow<Id, C> extends DraftedRow<Id, C> {
  hiddenAt: Date | null;
}

/** A row as staff read it (times in ISO 8601). */
export const toStaffDocument = <Id, C>(row: DraftedRow<Id, C>) => ({
  id: row.id,
  state: row.state,
  draft: row.draft,
  published: row.published,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A hideable row as staff read it: the drafted record and when it was hidden. */
export const toHideableDocument = <Id, C>(row: HideableRow<Id, C>) => ({
  ...toStaffDocument(row),
  hiddenAt: row.hiddenAt?.toISOString() ?? null,
});

export interface DraftedTable<Id, C, R extends DraftedRow<Id, C>, S, B> {
  /** The table: an `id`, a `draft` and a `published` document, `publishedAt` and `updatedAt`. */
  table: PgTable & { id: AnyPgColumn; draft: AnyPgColumn };
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
  const rows = table.table as PgTable;
  const byId = (id: Id) => eq(table.table.id, id);
  const change = (id: Id | null, actorId: string, body: B): Promise<S> =>
    db.transaction(async (tx) => {
      const current = id === null ? undefined : await table.find(tx, id, { forUpdate: true });
      if (id !== null && !current) throw table.notFound();
      const rowId = id ?? (await table.newId(tx));
      const draft = await table.contentOf(tx, rowId, body);
      if (current) await tx.update(rows).set({ draft, updatedAt: new Date() }).where(byId(rowId));
      else await tx.insert(rows).values({ id: rowId, draft });
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
        await tx.update(rows).set(publishedFromDraft(table.table.draft)).where(byId(id));
        const changes = changesBetween(current.published, current.draft);
        await table.audit(tx, actorId, 'publish', id, current.draft, changes);
        return reread(tx, id);
      });
    },
  };
}

export interface HideableTable<Id, C, R extends HideableRow<Id, C>, S> {
  table: PgTable & { id: AnyPgColumn; hiddenAt: AnyPgColumn };
  find: (db: Db | Tx, id: Id, options?: { forUpdate?: boolean }) => Promise<R | undefined>;
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
      await tx
        .update(table.table as PgTable)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(table.table.id, id));
      await table.audit(tx, actorId, hidden, id, current.published);
      return table.present((await table.find(tx, id))!);
    });
}
