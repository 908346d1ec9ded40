import { describe, expect, it } from 'vitest';
import { findOrderCodes, isOrderCode, makeOrderCode, ORDER_CODE_ALPHABET } from '../src/modules/orders/order-codes';
import { parseSepayDate, sepayWebhookSchema } from '../src/modules/payments/sepay';
import { buildVietQrPayload, crc16CcittFalse, verifyVietQrCrc } from '../src/modules/payments/vietqr';

const NAPAS_REFERENCE =
  '00020101021238570010A00000072701270006970403011300110123456780208QRIBFTTA530370454061800005802VN62340107NPS68690819thanh toan don hang63042E2E';

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });
});

describe('VietQR payload', () => {
  it("reproduces NAPAS's reference example byte for byte", () => {
    expect(
      buildVietQrPayload({
        bin: '970403',
        accountNumber: '0011012345678',
        amount: 180000,
        billNumber: 'NPS6869',
        purpose: 'thanh toan don hang',
      }),
    ).toBe(NAPAS_REFERENCE);
    expect(verifyVietQrCrc(NAPAS_REFERENCE)).toBe(true);
  });

  it('builds an order payload whose CRC checks and which carries account, amount and code', () => {
    const payload = buildVietQrPayload({
      bin: '970422',
      accountNumber: '0123456789',
      amount: 49000,
      purpose: 'CRBABCD2345',
    });
    expect(payload).toContain('0010A000000727');
    expect(payload).toContain('0006970422');
    expect(payload).toContain('01100123456789');
    expect(payload).toContain('540549000');
    expect(payload).toContain('0811CRBABCD2345');
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(verifyVietQrCrc(payload)).toBe(true);
    expect(verifyVietQrCrc(payload.replace('49000', '49001'))).toBe(false);
  });

  it('makes a static code without an amount and refuses bad input', () => {
    expect(buildVietQrPayload({ bin: '970436', accountNumber: '12345' })).toMatch(/^000201010211/);
    expect(() => buildVietQrPayload({ bin: '97043', accountNumber: '1' })).toThrow();
    expect(() => buildVietQrPayload({ bin: '970436', accountNumber: '1', amount: 0 })).toThrow();
    expect(() => buildVietQrPayload({ bin: '970436', accountNumber: '1', amount: 1.5 })).toThrow();
  });
});

describe('order codes', () => {
  it('are the prefix and 8 characters without look-alikes, within 19 characters', () => {
    const bytes = Uint8Array.from({ length: 8 }, (_, i) => i * 37);
    const code = makeOrderCode('CRB', bytes);
    expect(code).toMatch(/^CRB[2-9A-HJ-NP-Z]{8}$/);
    expect(code.length).toBeLessThanOrEqual(19);
    expect(ORDER_CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(isOrderCode('CRB', code)).toBe(true);
    expect(isOrderCode('CRB', 'CRBABCD0EFG')).toBe(false);
    expect(() => makeOrderCode('crb', bytes)).toThrow();
  });

  it('uses every alphabet character for uniform bytes', () => {
    const seen = new Set<string>();
    for (let b = 0; b < 256; b += 1) seen.add(makeOrderCode('CRB', new Uint8Array(8).fill(b)).slice(-1));
    expect(seen.size).toBe(32);
  });
});

describe('finding the order code in a bank memo', () => {
  const code = 'CRBK7Q9M2XA';
  const find = (memo: Parameters<typeof findOrderCodes>[1]) => findOrderCodes('CRB', memo);

  it.each([
    ['exact', code],
    ['Vietcombank wrapped', `MBVCB.3278907687.5342AB.${code}.CT tu 0011004123456 NGUYEN VAN A toi 0123456789`],
    ['prefixed by the bank', `IBFT ${code}`],
    ['lower-cased', code.toLowerCase()],
    ['dashes and spaces removed by the player', 'crb-k7q9-m2xa'],
    ['split by the bank', 'CRBK7Q 9M2XA chuyen tien'],
    ['with diacritics around', `Thanh toán ${code} gói`],
    ['glued to the following text', `${code}CT TU 123`],
  ])('finds it when %s', (_shape, content) => {
    expect(find({ content })[0]).toBe(code);
  });

  it('prefers the code SePay found, then the content, then the description', () => {
    expect(find({ code: 'CRBZZZZ2222', content: code })).toEqual(['CRBZZZZ2222', code]);
    expect(find({ code: 'DH123', content: null, description: `BankAPINotify ${code}` })).toEqual([code]);
  });

  it.each([
    ['another prefix', 'CRXK7Q9M2XA'],
    ['too short at the end', 'CRBK7Q9M2X'],
    ['a look-alike character inside', 'CRBK7Q0M2XA'],
    ['an O instead of a zero', 'CRBK7QOM2X'],
    ['no code at all', 'chuyen tien mua iphone'],
    ['empty', ''],
  ])('finds nothing for %s', (_shape, content) => {
    expect(find({ content, description: '' })).toEqual([]);
  });
});

describe('SePay webhook body', () => {
  it('accepts the documented example and reads empty strings as null', () => {
    const parsed = sepayWebhookSchema.parse({
      id: 92704,
      gateway: 'Vietcombank',
      transactionDate: '2023-03-25 14:02:37',
      accountNumber: '0123499999',
      code: null,
      content: 'chuyen tien mua iphone',
      transferType: 'in',
      transferAmount: 2277000,
      accumulated: 19077000,
      subAccount: '',
      referenceCode: 'MBVCB.3278907687',
      description: '',
    });
    expect(parsed).toMatchObject({ id: '92704', transferAmount: 2277000, subAccount: null, description: null });
    expect(parseSepayDate(parsed.transactionDate)?.toISOString()).toBe('2023-03-25T07:02:37.000Z');
  });

  it('refuses a body without an id', () => {
    expect(sepayWebhookSchema.safeParse({ id: '', transferAmount: 1 }).success).toBe(false);
    expect(sepayWebhookSchema.safeParse({ transferAmount: 1 }).success).toBe(false);
  });
});
