import { sentence } from '@carabala/contracts';

/** The gift codes' staff-side refusals (the players' own are `giftCodeMessages` in the contracts): catalogue keys. */
export const giftCodesAdminMessages = {
  codeNotFound: 'giftCode.codeNotFound',
  batchNotFound: 'giftCode.batchNotFound',
  maxUsesBelowUsed: (used: number) => sentence('giftCode.maxUsesBelowUsed', { used }),
  batchTooShort: 'giftCode.batchTooShort',
  idMismatch: 'giftCode.idMismatch',
};
