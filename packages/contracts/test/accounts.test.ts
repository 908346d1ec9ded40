import { describe, expect, it } from 'vitest';
import { ageInVietnam, signUpBodySchema } from '../src/accounts';

describe('ageInVietnam', () => {
  it('turns a year older at midnight in Vietnam, not in UTC', () => {
    // 2026-05-04 17:30 UTC is 2026-05-05 00:30 in Vietnam: the 16th birthday has come.
    expect(ageInVietnam('2010-05-05', new Date('2026-05-04T17:30:00Z'))).toBe(16);
    expect(ageInVietnam('2010-05-05', new Date('2026-05-04T16:30:00Z'))).toBe(15);
    expect(ageInVietnam('2010-12-31', new Date('2026-12-30T12:00:00Z'))).toBe(15);
  });
});

describe('signUpBodySchema', () => {
  const body = {
    username: 'lan.anh',
    password: 'mat-khau',
    email: ' Lan.Anh@Example.VN ',
    fullName: 'Trần Lan Anh',
    birthDate: '2000-01-01',
    phone: '0912345678',
    guardianName: '',
    guardianPhone: '',
  };

  it('normalises what it keeps, and treats empty guardian fields as none', () => {
    expect(signUpBodySchema.parse(body)).toEqual({
      username: 'lan.anh',
      password: 'mat-khau',
      email: 'lan.anh@example.vn',
      fullName: 'Trần Lan Anh',
      birthDate: '2000-01-01',
      phone: '+84912345678',
    });
  });

  it.each([
    ['fullName', 'Lan\nAnh', 'account.textControl'],
    ['fullName', 'Lan\rBcc: x@y.z', 'account.textControl'],
    ['email', 'lan@example.vn\r\nBcc: x@y.z', 'account.emailInvalid'],
    ['birthDate', '2001-02-29', 'account.birthDateInvalid'],
    ['birthDate', '1899-12-31', 'account.birthDateInvalid'],
    ['username', 'lan anh', 'account.usernameCharacters'],
  ])('refuses %s %j with %s', (field, value, message) => {
    const issues = signUpBodySchema.safeParse({ ...body, [field]: value }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, message]]);
  });
});
