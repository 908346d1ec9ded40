// Points ("Điểm tích lũy") and the rewards shop ("Đổi điểm"), decision record 060: the ledger, earning in
// the paying transaction (`earnOrderPoints`), redemptions with their mail, expiry, staff adjustments.
export { pointsRoutes } from './routes';
export { pointsStaffRoutes } from './staff-routes';
export { createPointsService, type PointsService } from './service';
export { earnOrderPoints, publishedPointsRate, type CreditedOrder } from './earn';
export { createPointsExpiry } from './expiry';
export { pointsAdjustApplier } from './adjust';
