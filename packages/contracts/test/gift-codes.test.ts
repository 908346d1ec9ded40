import { describe, expect, it } from 'vitest';
import { giftCodeBatchSchema, giftCodeClaimSchema, giftCodeStatus, normalizeGiftCode } from '../src/gift-codes';
import { vietnamese } from './vietnamese';

describe('gift-code contracts', () => {
  it('forgives case and stray spaces in a typed code', () => {
    expect(normalizeGiftCode('  tan thu\t2026 ')).toBe('TANTHU2026');
    expect(giftCodeClaimSchema.parse({ code: ' chaoMung2026 ' })).toEqual({ code: 'CHAOMUNG2026' });
  });

  it('refuses a blank or overlong code with a Vietnamese message', () => {
    const blank = giftCodeClaimSchema.safeParse({ code: '   ' });
    expect(blank.success).toBe(false);
    expect(vietnamese(blank.error!.issues[0]!)).toBe('Vui lòng nhập giftcode.');
    expect(giftCodeClaimSchema.safeParse({ code: 'A'.repeat(41) }).success).toBe(false);
    expect(vietnamese(giftCodeClaimSchema.safeParse({}).error!.issues[0]!)).toBe('Vui lòng nhập giftcode.');
  });

  it('requires the end of a batch window after its start', () => {
    const base = { prefix: 'ab', count: 2, name: 'x', rewards: [{ itemId: 'diamond', quantity: 1 }], maxUses: 1 };
    expect(giftCodeBatchSchema.parse(base)).toMatchObject({ prefix: 'AB', randomLength: 10, newPlayerOnly: false });
    const wrong = giftCodeBatchSchema.safeParse({
      ...base,
      startsAt: '2030-01-02T00:00:00Z',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect(wrong.error?.issues[0]?.path).toEqual(['expiresAt']);
  });

  it('tells where a code stands', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const code = { active: true, startsAt: null, expiresAt: null, maxUses: 2, usesCount: 1 };
    expect(giftCodeStatus(code, now)).toBe('active');
    expect(giftCodeStatus({ ...code, usesCount: 2 }, now)).toBe('used_up');
    expect(giftCodeStatus({ ...code, expiresAt: now }, now)).toBe('expired');
    expect(giftCodeStatus({ ...code, startsAt: new Date('2030-02-01T00:00:00Z') }, now)).toBe('scheduled');
    expect(giftCodeStatus({ ...code, active: false }, now)).toBe('inactive');
  });
});
