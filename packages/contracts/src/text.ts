/** Lower-cases and removes Vietnamese diacritics (đ -> d), so that `goi` matches `Gói`. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

/** True when every word of the query appears in the text, ignoring case and diacritics. */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = foldText(text);
  return foldText(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Cuts a title at `max` characters plus an ellipsis when it is `max` or longer. */
export function truncateTitle(title: string, max = 40): string {
  return title.length >= max ? `${title.slice(0, max)}...` : title;
}

/** A news address from a Vietnamese title: diacritics folded (đ -> d), words joined by "-", at most 120 characters. */
export function slugOf(title: string): string {
  return foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 120)
    .replace(/^-+|-+$/g, '');
}
