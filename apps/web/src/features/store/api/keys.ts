/** The query keys of the store's reads, the player's and the staff's. */
export const storeKeys = {
  all: ['store'] as const,
  transaction: (id: string) => [...storeKeys.all, 'transaction', id] as const,
  history: (page: number) => [...storeKeys.all, 'history', page] as const,
  staff: ['store', 'staff'] as const,
  transactions: (filter: object) => [...storeKeys.staff, 'transactions', filter] as const,
  transactionDetail: (id: string) => [...storeKeys.staff, 'transactions', 'detail', id] as const,
  bankEvents: (filter: object) => [...storeKeys.staff, 'bank-events', filter] as const,
  bankFeed: () => [...storeKeys.staff, 'bank-feed'] as const,
  mails: (filter: object) => [...storeKeys.staff, 'mails', filter] as const,
  dailyReport: (date: string) => [...storeKeys.staff, 'daily-report', date] as const,
};
