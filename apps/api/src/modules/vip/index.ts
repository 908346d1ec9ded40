// VIP tiers (decision record 059): the tier table drafted and published by staff, a player's tier from
// their credited money, its perks in the quote, the monthly gift (the worker, and the paying transaction).
export { vipRoutes } from './routes';
export { createVipService, quoteTierAt, type VipService } from './service';
export { createVipGifts, giftAfterPayment, sendMonthlyGifts, type VipGifts } from './gifts';
