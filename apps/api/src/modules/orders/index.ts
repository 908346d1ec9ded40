// Orders: the orders table, order codes, creation (`insertOrderWithFreshCode`), the summary every view
// of an order shows, the history and the staff's order list. Payments credits an order inside its own
// statement (`creditOrdersSql`) and locks or reads one inside its own transaction with the functions below.
export {
  createOrdersService,
  grantOf,
  orderSummary,
  toInternalTransaction,
  transactionNotFound,
  userNotFound,
  type OrderListRow,
  type OrdersService,
} from './service';
export {
  bankOrderLines,
  countLimitUses,
  countLimitUsesBySlot,
  countGuestOpenOrders,
  countPackSales,
  findOpenOrderOfPack,
  findOrderHistory,
  findOpenOrderCodes,
  findOpenOrdersOwing,
  findOrderIdByCode,
  findOrdersWithReceiver,
  findOrderWithReceiver,
  insertOrderWithFreshCode,
  lockOrderRow,
  lockReceiverOrders,
  orderArtReferences,
  paidOrdersForReceipts,
  type PaidOrderForReceipt,
  recentOrdersOf,
  type NewOrder,
  type OrderRow,
} from './repository';
export { creditOrdersSql, setOrderBonus } from './credit';
export { findOrderCodes, isOrderCode, makeOrderCode, memoDistance } from './order-codes';
