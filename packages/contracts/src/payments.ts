import { z } from 'zod';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8 bytes. */
export function crc16CcittFalse(input: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(input)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMVCo field: tag, two-digit length in bytes, value. */
function emvField(tag: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new Error(`EMV field ${tag} is longer than 99 bytes`);
  return `${tag}${length.toString().padStart(2, '0')}${value}`;
}

export interface VietQrInput {
  /** The bank's 6-digit NAPAS BIN, e.g. 970422 for MB. */
  bin: string;
  accountNumber: string;
  /** Integer dong; when given the QR is dynamic (point of initiation 12). */
  amount?: number;
  /** Transfer content (field 62/08): the order code. */
  purpose?: string;
  /** Bill number (field 62/01), rarely used. */
  billNumber?: string;
}

/** The VietQR (NAPAS 247, EMVCo) payload that Vietnamese banking apps read: account, amount, content. */
export function buildVietQrPayload(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bin)) throw new Error('the bank BIN has 6 digits');
  if (!/^[0-9A-Za-z]{1,19}$/.test(input.accountNumber)) throw new Error('invalid account number');
  const dynamic = input.amount !== undefined;
  if (dynamic && (!Number.isSafeInteger(input.amount) || input.amount! <= 0)) throw new Error('invalid amount');
  const beneficiary = emvField('00', input.bin) + emvField('01', input.accountNumber);
  const merchant = emvField('00', 'A000000727') + emvField('01', beneficiary) + emvField('02', 'QRIBFTTA');
  let additional = '';
  if (input.billNumber) additional += emvField('01', input.billNumber);
  if (input.purpose) additional += emvField('08', input.purpose);
  const body =
    emvField('00', '01') +
    emvField('01', dynamic ? '12' : '11') +
    emvField('38', merchant) +
    emvField('53', '704') +
    (dynamic ? emvField('54', String(input.amount)) : '') +
    emvField('58', 'VN') +
    (additional ? emvField('62', additional) : '') +
    '6304';
  return body + crc16CcittFalse(body);
}

/** True when the payload ends with a CRC field whose value matches everything before it. */
export function verifyVietQrCrc(payload: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/s.exec(payload);
  return match !== null && crc16CcittFalse(match[1]!) === match[2];
}

/** Letters and digits a player cannot misread: no 0/O, no 1/I. */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_CODE_RANDOM_LENGTH = 8;

/** Order-code prefixes: upper-case letters, short enough that the code stays within 19 characters. */
export const orderCodePrefixSchema = z.string().regex(/^[A-Z]{2,6}$/);

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
export function normalizeMemo(value: string): string {
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

/** SePay's `transactionDate` is Vietnam local time `yyyy-MM-dd HH:mm:ss`; returns the UTC instant. */
export function parseSepayDate(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h! - 7, mi!, s!));
  return Number.isNaN(date.getTime()) ? null : date;
}

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
/** PostgreSQL text cannot hold NUL; a bank body's NUL bytes are dropped from the columns. */
const withoutNul = (value: string) => value.replaceAll(String.fromCharCode(0), '');
const nullableText = z
  .preprocess(emptyToNull, z.union([z.string(), z.number()]).nullable())
  .transform((value) => (value === null ? null : withoutNul(String(value))));

/** A whole number as JSON sends it: an integer, or a string of digits only (no sign, no exponent, no hex). */
const wholeNumber = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER)),
]);

/**
 * SePay's webhook body. Any field may arrive as an empty string. The id is SePay's integer
 * transaction id in canonical form (so "0"+id is the same event); the amount is a whole number of
 * dong, strictly.
 */
export const sepayWebhookSchema = z.object({
  id: z
    .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,20}$/)])
    .transform((value) => BigInt(value).toString()),
  gateway: nullableText.optional().default(null),
  transactionDate: nullableText.optional().default(null),
  accountNumber: nullableText.optional().default(null),
  code: nullableText.optional().default(null),
  content: nullableText.optional().default(null),
  transferType: nullableText.optional().default(null),
  transferAmount: z.preprocess(emptyToNull, wholeNumber.nullable()).optional().default(null),
  /** The account's balance, not ours to use: kept in the raw payload only. */
  accumulated: z.unknown().optional(),
  subAccount: nullableText.optional().default(null),
  referenceCode: nullableText.optional().default(null),
  description: nullableText.optional().default(null),
});
export type SepayWebhook = z.infer<typeof sepayWebhookSchema>;
export type SepayWebhookInput = z.input<typeof sepayWebhookSchema>;

export const sepayWebhookResponseSchema = z.object({ success: z.boolean() });
