import { randomInt } from 'node:crypto';

/** `YYYY-MM-DD HH:mm:ss` in Vietnam time, as SePay writes `transactionDate`. */
export const sepayTime = (date) => date.toLocaleString('sv-SE', { timeZone: 'Asia/Ho_Chi_Minh' });

/**
 * The body SePay POSTs for one incoming transfer to `accountNumber` whose content names `orderCode`,
 * shaped as MB Bank's transfers arrive (the bank reference is new for every transfer).
 */
export function sepayTransfer({ id, accountNumber, orderCode, amount, date = new Date() }) {
  const sequence = randomInt(1_000_000_000, 9_999_999_999);
  return {
    id,
    gateway: 'MBBank',
    transactionDate: sepayTime(date),
    accountNumber,
    code: null,
    content: `MBVCB.${sequence}.${orderCode}.CT tu 0011004123456 NGUYEN VAN A toi ${accountNumber}`,
    transferType: 'in',
    transferAmount: amount,
    accumulated: 0,
    subAccount: null,
    referenceCode: `FT${sequence}`,
    description: `BankAPINotify ${orderCode}`,
  };
}
