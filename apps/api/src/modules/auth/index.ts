// Sign-in, sessions and passwords. The auth plugin reads sessions through `findSessionUser` and
// `touchSessions`, which the app hands it; social sign-in selects a session's user with `sessionUserColumns`.
export { authRoutes } from './routes';
export { sessionRoutes } from './session-routes';
export { createAuthService, type AuthDeps, type LoginLimits } from './service';
export { createDeviceSessionService, signInClientOf, signInsOf, type SignInClient } from './sessions';
export {
  configuredPasswordHasher,
  createPasswordHasher,
  minimumPasswordHasher,
  type PasswordHasher,
} from './passwords';
export { findSessionUser, sessionUserColumns } from './repository';
export { endStepUp, findLiveSession, markSessionVerified, revokeSessionsOf, touchSessions } from './session-repository';
