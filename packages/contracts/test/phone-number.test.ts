import { describe, expect, it } from 'vitest';
import { displayVietnamPhone, normalizeVietnamPhone, vietnamPhoneSchema } from '../src/phone-number';

describe('normalizeVietnamPhone', () => {
  it.each([
    ['0912345678', '+84912345678'],
    ['0912 345 678', '+84912345678'],
    ['091.234.5678', '+84912345678'],
    ['+84 912 345 678', '+84912345678'],
    ['84912345678', '+84912345678'],
    ['(+84) 388-123-456', '+84388123456'],
    ['0701234567', '+84701234567'],
    ['0561234567', '+84561234567'],
  ])('%s is %s', (input, expected) => {
    expect(normalizeVietnamPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '091234567', // eight digits after 0
    '09123456789', // ten
    '0212345678', // a landline range
    '0112345678',
    '+1 912 345 678',
    '0912345678\r\nBcc: x@y.z',
    'abc0912345678',
    '+84+912345678',
  ])('refuses %j', (input) => {
    expect(normalizeVietnamPhone(input)).toBeNull();
  });

  it('reads a stored number back as people write it', () => {
    expect(displayVietnamPhone('+84912345678')).toBe('0912 345 678');
  });

  it('the schema answers the normalised number, or a message key', () => {
    expect(vietnamPhoneSchema.parse(' 0912 345 678 ')).toBe('+84912345678');
    expect(vietnamPhoneSchema.safeParse('').error?.issues[0]?.message).toBe('account.phoneRequired');
    expect(vietnamPhoneSchema.safeParse('12345').error?.issues[0]?.message).toBe('account.phoneInvalid');
  });
});
