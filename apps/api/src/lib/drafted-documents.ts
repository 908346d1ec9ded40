import type { Db, Tx } from '../db/client';
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

export interface DraftedTable<Id, C, R extends DraftedRow<Id, C>, S> {
  find: (tx: Tx, id: Id, options?: { forUpdate?: boolean }) => Promise<R | undefined>;
  /** A row as staff read it. */
  present: (row: R) => S;
  /** Writes the draft of a new row (`isNew`) or of an existing one. */
  write: (tx: Tx, id: Id, draft: C, isNew: boolean) => Promise<void>;
  /** Copies the draft to the published state. */
  publish: (tx: Tx, id: Id) => Promise<void>;
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

export function draftedDocuments<Id, C extends object, R extends DraftedRow<Id, C>, S>(
  db: Db,
  table: DraftedTable<Id, C, R, S>,
) {
  const reread = async (tx: Tx, id: Id) => table.present((await table.find(tx, id))!);
  return {
    /**
     * Creates a row (`id` null: `newId` names it) or replaces its draft with what `contentOf` makes;
     * nothing players see changes until `publish`.
     */
    change(
      id: Id | null,
      actorId: string,
      newId: (tx: Tx) => Promise<Id>,
      contentOf: (tx: Tx, id: Id) => Promise<C>,
    ): Promise<S> {
      return db.transaction(async (tx) => {
        const current = id === null ? undefined : await table.find(tx, id, { forUpdate: true });
        if (id !== null && !current) throw table.notFound();
        const rowId = id ?? (await newId(tx));
        const draft = await contentOf(tx, rowId);
        await table.write(tx, rowId, draft, !current);
        const changes = changesBetween(current?.draft ?? null, draft);
        await table.audit(tx, actorId, current ? 'update' : 'create', rowId, draft, changes);
        return reread(tx, rowId);
      });
    },

    /** Copies the draft to the published state (nothing when they are the same); `check` may refuse first. */
    publish(id: Id, actorId: string, check?: (current: R) => void): Promise<S> {
      return db.transaction(async (tx) => {
        const current = await table.find(tx, id, { forUpdate: true });
        if (!current) throw table.notFound();
        if (current.state === 'published') return table.present(current);
        check?.(current);
        await table.publish(tx, id);
        const changes = changesBetween(current.published, current.draft);
        await table.audit(tx, actorId, 'publish', id, current.draft, changes);
        return reread(tx, id);
      });
    },
  };
}
