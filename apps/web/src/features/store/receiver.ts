import { strippedShortId } from '@carabala/contracts';

/** The User ID to look up as the player types: the stripped id once it passes the form's rules, else null. */
export function lookupIdOf(value: string): string | null {
  // A prefix still being pasted or typed ("ID:", "ID: ") names nobody yet.
  if (/^id:?$/i.test(value.trim())) return null;
  const parsed = strippedShortId.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Whose mailbox a paid order went to, as the reader sees it: null when the reader is the receiver
 * ("của bạn"), otherwise the receiver's display name (a gift, or a guest's order).
 */
export function giftReceiverName(receiver: { shortId: string; displayName: string }, readerShortId: string | null) {
  return readerShortId === receiver.shortId ? null : receiver.displayName;
}
