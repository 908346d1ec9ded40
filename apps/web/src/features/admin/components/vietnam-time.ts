const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A `datetime-local` value, read as Vietnam's wall clock, to an ISO instant with its offset. */
export const fromVietnamInput = (value: string) => (value ? `${value}:00+07:00` : null);

/** An ISO instant to the `datetime-local` value showing Vietnam's wall clock. */
export const toVietnamInput = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + VIETNAM_OFFSET_MS).toISOString().slice(0, 16) : '';
