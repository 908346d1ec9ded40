/**
 * The fields of `after` that differ from `before`, each side's value: an audit entry's before and after
 * for a document staff edit (a pack, a home slide). A new document: every field from nothing, so the
 * audit screen reads "Không có → …".
 */
export function changesBetween<T extends object>(before: T | null, after: T) {
  const keys = (Object.keys(after) as (keyof T & string)[]).filter(
    (key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    fields: keys,
    before: Object.fromEntries(keys.map((key) => [key, before?.[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
