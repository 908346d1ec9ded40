import { z } from 'zod';

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
export type SepayWebhookInput = z.input<typeof sepayWebhookSchema>;
