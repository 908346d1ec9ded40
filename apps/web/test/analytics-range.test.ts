import { afterAll, describe, expect, it } from 'vitest';
import { chosenRange, dayLabel, rangeProblem, shiftDay } from '@/features/analytics/range';
import { sayInVietnamese } from './fixtures/words';

afterAll(sayInVietnamese());

describe('the analytics range', () => {
  it('opens on the last 30 days ending today, or the preset the address names', () => {
    expect(chosenRange({ days: '', from: '', to: '' }, '2026-11-26')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
      preset: 30,
    });
    expect(chosenRange({ days: '7', from: '', to: '' }, '2026-03-02')).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
      preset: 7,
    });
    expect(chosenRange({ days: '12', from: '', to: '' }, '2026-11-26').preset).toBe(30);
  });

  it('takes a custom range only when the API would', () => {
    expect(chosenRange({ days: '7', from: '2026-01-01', to: '2026-01-31' }, '2026-11-26')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      preset: null,
    });
    expect(chosenRange({ days: '', from: '2026-02-01', to: '2026-01-01' }, '2026-11-26').preset).toBe(30);
    expect(rangeProblem('2026-02-01', '2026-01-01')).toBe('Ngày kết thúc phải từ ngày bắt đầu trở đi.');
    expect(rangeProblem('2024-01-01', '2025-01-01')).toBe('Chỉ xem được tối đa 366 ngày một lần.');
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull();
  });

  it('moves days across months and leap years, and writes them day first', () => {
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(dayLabel('2026-11-23')).toBe('23/11/2026');
  });
});
