import { describe, expect, it } from 'vitest';
import { csvFile } from './csv';

describe('csvFile', () => {
  it('starts with a BOM, quotes what needs it, neutralises formulas in text and keeps numbers plain', () => {
    const file = csvFile([
      ['Tên', 'Số tiền (đ)'],
      ['=SUM(A1)', -1],
      ['+84 "Ngọc", Hà Nội', 49_000],
      ['-5', 0],
      [null, 1_000_000],
    ]);
    expect(file.startsWith('\uFEFF')).toBe(true);
    expect(file.slice(1).split('\r\n')).toEqual([
      'Tên,Số tiền (đ)',
      "'=SUM(A1),-1",
      `"'+84 ""Ngọc"", Hà Nội",49000`,
      "'-5,0",
      ',1000000',
      '',
    ]);
  });
});
