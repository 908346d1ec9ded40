import type { Paged } from '@carabala/contracts';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** A select not yet limited: Drizzle's query builder before `.limit()`. */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** One page of `rows` (sorted by the caller) and the count of all of them, read in parallel. */
export async function readPage<T>(
  { page, pageSize }: PageQuery,
  rows: Pageable<T>,
  counted: PromiseLike<{ total: number }[]>,
): Promise<{ items: T[]; total: number }> {
  const [items, [row]] = await Promise.all([rows.limit(pageSize).offset((page - 1) * pageSize), counted]);
  return { items, total: Number(row?.total ?? 0) };
}

/** The paged answer: the rows shown to the client, with the total and the page asked for. */
export function toPaged<R, T>(
  query: PageQuery,
  { items, total }: { items: R[]; total: number },
  show: (row: R) => T,
): Paged<T> {
  return { items: items.map(show), total, page: query.page, pageSize: query.pageSize };
}
