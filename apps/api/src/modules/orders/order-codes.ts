import { z } from 'zod';

/** Letters and digits a player cannot misread: no 0/O, no 1/I. */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const ORDER_CODE_RANDOM_LENGTH = 8;

/** Order-code prefixes: upper-case letters, short enough that the code stays within 19 characters. */
const orderCodePrefixSchema = z.string().regex(/^[A-Z]{2,6}$/);

/**
 * A new order code: the prefix then 8 characters drawn uniformly from the alphabet, using the
 * caller's random bytes (crypto in the API). 32^8 ≈ 10^12 codes; uniqueness is still enforced by
 * the database.
 */
export function makeOrderCode(prefix: string, randomBytes: Uint8Array): string {
  if (!orderCodePrefixSchema.safeParse(prefix).success) throw new Error('invalid order-code prefix');
  if (randomBytes.length < ORDER_CODE_RANDOM_LENGTH) throw new Error('not enough random bytes');
  let code = prefix;
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  for (let i = 0; i < ORDER_CODE_RANDOM_LENGTH; i += 1) code += ORDER_CODE_ALPHABET[randomBytes[i]! % 32];
  return code;
}

/** A well-formed order code for the prefix (after normalisation). */
export function isOrderCode(prefix: string, value: string): boolean {
  return new RegExp(`^${prefix}[${ORDER_CODE_ALPHABET}]{${ORDER_CODE_RANDOM_LENGTH}}$`).test(value);
}

/** Upper-cases and removes everything but A-Z and 0-9, as banks drop dashes, spaces and dots. */
function normalizeMemo(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * Candidate order codes found in a bank memo, best first: SePay's own `code` when it is one of
 * ours, then every place in the normalised content and description where the prefix is followed
 * by 8 code characters. The caller looks the candidates up; the first existing order wins.
 */
export function findOrderCodes(
  prefix: string,
  memo: { code?: string | null; content?: string | null; description?: string | null },
): string[] {
  const found: string[] = [];
  const add = (code: string) => {
    if (!found.includes(code)) found.push(code);
  };
  if (memo.code) {
    const given = normalizeMemo(memo.code);
    if (isOrderCode(prefix, given)) add(given);
  }
  const pattern = new RegExp(`${prefix}(?=([${ORDER_CODE_ALPHABET}]{${ORDER_CODE_RANDOM_LENGTH}}))`, 'g');
  for (const text of [memo.content, memo.description]) {
    if (!text) continue;
    for (const match of normalizeMemo(text).matchAll(pattern)) add(prefix + match[1]);
  }
  return found;
}

/** How much of a memo text the near-miss search reads: a bank memo is a line, not a page. */
const MEMO_SEARCH_LENGTH = 300;

/**
 * How many characters (changed, dropped or added) separate `code` from the closest stretch of the
 * memo's texts, normalised as above: 0 when a text carries the code, 1 for CRB9V3YPRC5 in a memo
 * that says CRB9V3YPRCX. Approximate substring matching: the stretch may start and end anywhere.
 */
export function memoDistance(code: string, texts: (string | null | undefined)[]): number {
  let best = code.length;
  for (const text of texts) {
    if (!text) continue;
    const memo = normalizeMemo(text.slice(0, MEMO_SEARCH_LENGTH));
    // row[j]: the distance of the code's first i characters to the best stretch of the memo ending at j.
    let row = new Array<number>(memo.length + 1).fill(0);
    for (let i = 1; i <= code.length; i += 1) {
      const next = [i];
      for (let j = 1; j <= memo.length; j += 1) {
        const changed = row[j - 1]! + (code[i - 1] === memo[j - 1] ? 0 : 1);
        next.push(Math.min(changed, row[j]! + 1, next[j - 1]! + 1));
      }
      row = next;
    }
    for (const distance of row) best = Math.min(best, distance);
  }
  return best;
}
