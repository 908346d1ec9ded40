import { analyticsQuerySchema } from '@carabala/contracts';
import { issueParams } from '@carabala/contracts/sentences';
import { keyText } from '@/lib/api-client';

/** The ranges one click away, in days ending today; the page opens on 30. */
export const PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;

/** A Vietnam day (yyyy-MM-dd) moved by whole days. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 2026-11-23 → 23/11/2026, as the console writes a day. */
export const dayLabel = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export type ChosenRange = { from: string; to: string; preset: number | null };

/**
 * The range the address asks for: `from` and `to` when both make a valid range, else the last
 * `days` days (7, 30 or 90; 30 otherwise) ending `today`.
 */
export function chosenRange(values: { days: string; from: string; to: string }, today: string): ChosenRange {
  if (values.from && values.to && analyticsQuerySchema.safeParse(values).success) {
    return { from: values.from, to: values.to, preset: null };
  }
  const preset = PRESET_DAYS.find((days) => String(days) === values.days) ?? DEFAULT_DAYS;
  return { from: shiftDay(today, -(preset - 1)), to: today, preset };
}

/** Why a custom range is refused (the API's own message), or null. */
export function rangeProblem(from: string, to: string): string | null {
  const parsed = analyticsQuerySchema.safeParse({ from, to });
  const issue = parsed.error?.issues[0];
  return issue ? keyText(issue.message, issueParams(issue)) : null;
}
