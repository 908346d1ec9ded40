import { describe, expect, it } from 'vitest';
import { purchaseLimitSlot } from '../src/catalogue';
import {
  formatVietnamDayMonth,
  formatVietnamTime,
  formatVietnamTimeSeconds,
  vietnamDay,
  vietnamTimestamp,
} from '../src/labels';

describe('Vietnam time', () => {
  // 17:30:05 UTC on 31 December is already 00:30:05 on 1 January in Vietnam.
  const instant = '2025-12-31T17:30:05.000Z';

  it('reads the wall clock of Asia/Ho_Chi_Minh, across a day, month and year boundary', () => {
    expect(vietnamDay(instant)).toBe('2026-01-01');
    expect(vietnamTimestamp(instant)).toBe('2026-01-01 00:30:05');
    expect(formatVietnamTime(instant)).toBe('00:30 01/01/2026');
    expect(formatVietnamTimeSeconds(new Date(instant))).toBe('00:30:05 01/01/2026');
    expect(formatVietnamDayMonth(instant)).toBe('01/01');
  });

  it('counts purchase limits by the Vietnam day and month', () => {
    expect(purchaseLimitSlot(7, { kind: 'daily' }, new Date(instant))).toEqual({
      key: 'daily:7',
      period: '2026-01-01',
    });
    expect(purchaseLimitSlot(7, { kind: 'monthly', group: 'gold' }, new Date(instant))).toEqual({
      key: 'gold:7',
      period: '2026-01',
    });
    expect(vietnamDay('2025-12-31T16:59:59.999Z')).toBe('2025-12-31');
  });
});
