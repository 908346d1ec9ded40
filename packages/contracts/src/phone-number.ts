import { z } from 'zod';

/**
 * Vietnamese mobile numbers (Decree 147/2024 Art. 39: an account is authenticated by one). The
 * networks' mobile ranges since the 2018 renumbering: 03x, 05x, 07x, 08x, 09x, nine digits after the
 * country code. Accepted as people write them: 0912 345 678, 091.234.5678, +84 912 345 678,
 * 84912345678, (+84) 912-345-678. Stored and sent as +84 and nine digits.
 */
const MOBILE = /^(?:3[2-9]|5[25689]|7[06-9]|8[1-9]|9\d)\d{7}$/;

/** `+84912345678` for a Vietnamese mobile number written in any usual way; null for anything else. */
export function normalizeVietnamPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const national = compact.startsWith('+84')
    ? compact.slice(3)
    : compact.startsWith('84') && compact.length === 11
      ? compact.slice(2)
      : compact.startsWith('0')
        ? compact.slice(1)
        : null;
  return national !== null && MOBILE.test(national) ? `+84${national}` : null;
}

/** 0912 345 678: a normalised number as Vietnamese people read it. */
export function displayVietnamPhone(normalized: string): string {
  const national = normalized.replace(/^\+84/, '0');
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
}

/** A required Vietnamese mobile number, answered normalised (+84…); messages are catalogue keys. */
export const vietnamPhoneSchema = z
  .string({ error: 'account.phoneRequired' })
  .trim()
  .min(1, { error: 'account.phoneRequired', abort: true })
  .max(30, { error: 'account.phoneInvalid', abort: true })
  .transform((value, ctx) => {
    const normalized = normalizeVietnamPhone(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: 'account.phoneInvalid' });
      return z.NEVER;
    }
    return normalized;
  });
