// Player accounts. Other modules find a player inside their own transaction with the functions below.
export { userRoutes } from './routes';
export { createUsersService, type NewAccount, type UsersDeps } from './service';
export {
  findAccountByUsername,
  findPlayer,
  findPlayerByShortId,
  findShadow,
  findPlayers,
  findStaffMembers,
  findUserByShortId,
  findUserIdOfPlayer,
  gamePlayerIdsOf,
  markNotificationsSeen,
  notificationsSeenAt,
  renamePlayer,
  replacePasswordHash,
  setPlayerBanned,
  updateRole,
  upsertShadowPlayer,
  type ShadowPlayer,
  type ShadowRow,
  type UserRow,
} from './repository';
export {
  findAccountById,
  findAccountByLogin,
  findSignUpConflicts,
  insertSignedUpPlayer,
  markEmailVerified,
  setPasswordHash,
  type AccountOfLogin,
  type SignedUpPlayer,
} from './sign-up-repository';
export { markGuardianPhoneVerified, markPhoneVerified, phoneHeldByOther, phoneStateOf, type PhoneState } from './phone';
