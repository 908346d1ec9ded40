/** The shop's own refusals (the purchase refusals are `storeMessages` in the contracts). */
export const storeModuleMessages = {
  notReady: 'Máy chủ chưa sẵn sàng.',
  simulateFailed: 'Không gửi được giao dịch giả lập.',
};
