/** The shop's own refusals (the purchase refusals are `storeMessages` in the contracts): catalogue keys. */
export const storeModuleMessages = {
  notReady: 'store.notReady',
  simulateFailed: 'store.simulateFailed',
};
