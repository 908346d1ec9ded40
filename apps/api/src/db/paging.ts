import type { Paged } from '@carabala/contracts';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The rows before the page asked for. */
export const offsetOf = ({ page, pageSize }: PageQuery) => (page - 1) * pageSize;

/** One page of rows and the count of all of them, read in parallel. */
export async function readPage<T>(
  rows: PromiseLike<T[]>,
  counted: PromiseLike<{ total: number }[]>,
): Promise<{ items: T[]; total: number }> {
  const [items, [row]] = await Promise.all([rows, counted]);
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
