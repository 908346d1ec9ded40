// Player accounts. Other modules find a player inside their own transaction with the functions below.
export { userRoutes } from './routes';
export { createUsersService, type NewAccount, type UsersDeps } from './service';
export {
  findPlayer,
  findPlayers,
  findStaffMembers,
  findUserByShortId,
  markNotificationsSeen,
  notificationsSeenAt,
  updateRole,
  type UserRow,
} from './repository';
