import { describe, expect, it } from 'vitest';
import { avatarFallback, avatarSource, foldText, formatVnd, matchesSearch, slugOf, truncateTitle } from '../src/labels';

describe('foldText', () => {
  it('removes Vietnamese diacritics and case', () => {
    expect(foldText('Gói Vàng Đặc Biệt')).toBe('goi vang dac biet');
    expect(matchesSearch('Gói Kim Cương', 'goi')).toBe(true);
    expect(matchesSearch('Gói Kim Cương', 'KIM cuong')).toBe(true);
    expect(matchesSearch('Gói Kim Cương', 'vang')).toBe(false);
  });
});

describe('formatVnd', () => {
  it('uses comma thousands separators and the đ suffix', () => {
    expect(formatVnd(49000)).toBe('49,000đ');
    expect(formatVnd(1299000)).toBe('1,299,000đ');
    expect(formatVnd(0)).toBe('0đ');
    expect(formatVnd(-5000)).toBe('-5,000đ');
  });
});

describe('truncateTitle', () => {
  it('cuts titles of 40 or more characters', () => {
    expect(truncateTitle('a'.repeat(39))).toBe('a'.repeat(39));
    expect(truncateTitle('a'.repeat(40))).toBe(`${'a'.repeat(40)}...`);
    expect(truncateTitle('a'.repeat(55))).toBe(`${'a'.repeat(40)}...`);
  });
});

describe('avatar', () => {
  it('serves game avatars locally and falls back to a letter', () => {
    expect(avatarSource('9001')).toBe('/avatars/9001.png');
    expect(avatarSource('https://x/a.png')).toBe('https://x/a.png');
    expect(avatarSource(null)).toBeNull();
    expect(avatarFallback('ánh')).toBe('Á');
  });
});

describe('slugOf', () => {
  it('folds a Vietnamese title into a news address', () => {
    expect(slugOf('Lễ hội Trứng Vàng mùa hè 2026!')).toBe('le-hoi-trung-vang-mua-he-2026');
    expect(slugOf('Đua Top Đập Trứng — Tuần 3')).toBe('dua-top-dap-trung-tuan-3');
    expect(slugOf('  ??  ')).toBe('');
    expect(slugOf('a'.repeat(200))).toHaveLength(120);
  });
});
