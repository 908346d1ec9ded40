import { foldText } from '@carabala/contracts/labels';
import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A user's text inside a LIKE pattern: its wildcards and the escape character match themselves. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every Vietnamese letter with a diacritic, both cases, and what `foldText` makes of each. */
const accented = (() => {
  const bases = ['a', 'ă', 'â', 'e', 'ê', 'i', 'o', 'ô', 'ơ', 'u', 'ư', 'y'];
  const tones = ['', '\u0300', '\u0301', '\u0303', '\u0309', '\u0323'];
  const letters = new Set<string>(['đ', 'Đ']);
  for (const base of bases) {
    for (const tone of tones) {
      const letter = `${base}${tone}`.normalize('NFC');
      if (letter === base && /^[a-z]$/.test(base)) continue;
      letters.add(letter);
      letters.add(letter.toUpperCase());
    }
  }
  const from = [...letters].join('');
  return { from, to: [...letters].map(foldText).join('') };
})();

/**
 * The text as `foldText` folds it, computed by the database: Vietnamese letters to their plain
 * lower-case ones, then lower case (whatever the database's collation), so `ngoc` finds `Ngọc`.
 */
export const foldedSql = (text: SQLWrapper) => sql`lower(translate(${text}, ${accented.from}, ${accented.to}))`;

/**
 * Every word of `query` appears in one of `columns`, ignoring case and Vietnamese diacritics; no
 * condition when the query has no word.
 */
export function foldedWordsMatch(query: string, ...columns: SQLWrapper[]): SQL | undefined {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const folded = columns.map(foldedSql);
  return and(...words.map((word) => or(...folded.map((column) => sql`${column} like ${`%${escapeLike(word)}%`}`))));
}
