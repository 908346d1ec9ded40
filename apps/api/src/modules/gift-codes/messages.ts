/** The gift codes' staff-side refusals (the players' own are `giftCodeMessages` in the contracts). */
export const giftCodesAdminMessages = {
  codeNotFound: 'Không tìm thấy giftcode.',
  batchNotFound: 'Không tìm thấy lô giftcode.',
  maxUsesBelowUsed: (used: number) => `Tổng lượt không được nhỏ hơn số lượt đã dùng (${used}).`,
  batchTooShort: 'Không tạo đủ mã, hãy dùng mã dài hơn.',
  idMismatch: 'Mã trong đường dẫn và trong nội dung không khớp.',
};
