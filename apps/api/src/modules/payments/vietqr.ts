// The VietQR payload the transfer panel draws: built by the API only (moved from the contracts).

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8 bytes. */
export function crc16CcittFalse(input: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(input)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMVCo field: tag, two-digit length in bytes, value. */
function emvField(tag: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new Error(`EMV field ${tag} is longer than 99 bytes`);
  return `${tag}${length.toString().padStart(2, '0')}${value}`;
}

export interface VietQrInput {
  /** The bank's 6-digit NAPAS BIN, e.g. 970422 for MB. */
  bin: string;
  accountNumber: string;
  /** Integer dong; when given the QR is dynamic (point of initiation 12). */
  amount?: number;
  /** Transfer content (field 62/08): the order code. */
  purpose?: string;
  /** Bill number (field 62/01), rarely used. */
  billNumber?: string;
}

/** The VietQR (NAPAS 247, EMVCo) payload that Vietnamese banking apps read: account, amount, content. */
export function buildVietQrPayload(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bin)) throw new Error('the bank BIN has 6 digits');
  if (!/^[0-9A-Za-z]{1,19}$/.test(input.accountNumber)) throw new Error('invalid account number');
  const dynamic = input.amount !== undefined;
  if (dynamic && (!Number.isSafeInteger(input.amount) || input.amount! <= 0)) throw new Error('invalid amount');
  const beneficiary = emvField('00', input.bin) + emvField('01', input.accountNumber);
  const merchant = emvField('00', 'A000000727') + emvField('01', beneficiary) + emvField('02', 'QRIBFTTA');
  let additional = '';
  if (input.billNumber) additional += emvField('01', input.billNumber);
  if (input.purpose) additional += emvField('08', input.purpose);
  const body =
    emvField('00', '01') +
    emvField('01', dynamic ? '12' : '11') +
    emvField('38', merchant) +
    emvField('53', '704') +
    (dynamic ? emvField('54', String(input.amount)) : '') +
    emvField('58', 'VN') +
    (additional ? emvField('62', additional) : '') +
    '6304';
  return body + crc16CcittFalse(body);
}

/** True when the payload ends with a CRC field whose value matches everything before it. */
export function verifyVietQrCrc(payload: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/s.exec(payload);
  return match !== null && crc16CcittFalse(match[1]!) === match[2];
}
