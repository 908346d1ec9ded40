// Documents staff draft and publish (the store's packs, the promotions, the home page's slides;
// decision records 034 to 036): a row with a `draft` and a `published` copy of one JSON shape, and how
// staff read it. The changes are made in db/drafts.ts, with the owning module's writes of its table.

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
