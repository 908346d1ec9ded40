// Google and Facebook sign-in and account linking.
export { socialAuthRoutes } from './routes';
export { createSocialAuthService, type SocialAuthDeps } from './service';
export { createOidcClient, type OidcClient } from './google-client';
export { createGraphClient, type GraphClient } from './graph-client';
