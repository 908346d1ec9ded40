// Promotions: first top-up bonus, bonus windows and spend milestones, drafted and published by staff,
// decided by `rewardPaidOrder` in the transaction that marks an order paid (payments' credit).
export { promotionsRoutes } from './routes';
export { createPromotionsService, type PromotionsService } from './service';
export { rewardPaidOrder } from './reward';
export { promotionStandingOf, quoteMomentAt, type PromotionStanding } from './standing';
