// The site's own accounts: sign-up, e-mail verification and password reset, with the one-time links
// they send (decision record 056). The users table is written through the users module's face.
export { accountRoutes } from './routes';
export { linkPages } from './links';
export { createAccountsService, type AccountLimits, type AccountsService } from './service';
