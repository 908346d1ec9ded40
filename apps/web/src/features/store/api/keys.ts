/** The query keys of the player's store reads (the staff's money reads are `staffMoneyKeys`). */
export const storeKeys = {
  all: ['store'] as const,
  transaction: (id: string) => [...storeKeys.all, 'transaction', id] as const,
  history: (page: number) => [...storeKeys.all, 'history', page] as const,
  receiver: (shortId: string) => [...storeKeys.all, 'receiver', shortId] as const,
  receipt: (code: string) => [...storeKeys.all, 'receipt', code] as const,
  limits: (userId: string) => [...storeKeys.all, 'limits', userId] as const,
  promotions: () => [...storeKeys.all, 'promotions'] as const,
  quote: (packId: number, receiver: string) => [...storeKeys.all, 'quote', packId, receiver] as const,
};
