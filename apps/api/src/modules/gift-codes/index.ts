// Gift codes: the player's claim and the staff console's codes and batches.
export { giftCodeRoutes } from './routes';
export { createGiftCodeService, giftCodeLimits, type GiftCodeLimits } from './service';
export { claimLines, claimsOf } from './repository';
