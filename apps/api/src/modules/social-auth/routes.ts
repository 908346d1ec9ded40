import {
  authProvidersSchema,
  envelope,
  facebookLinkBodySchema,
  facebookLoginBodySchema,
  googleCodeBodySchema,
  linkConfirmBodySchema,
  linkCredentialsBodySchema,
  linkedIdentitiesSchema,
  linkSignInBodySchema,
  linkStepSchema,
  linkVerifyBodySchema,
  loginResultSchema,
  socialProviderSchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { createAuthService } from '../auth/service';
import { createOidcClient } from './google-client';
import { createGraphClient } from './graph-client';
import { createSocialAuthService } from './service';

const refusals =
  'Refusals: `api.auth.link.not_found` (400, no account linked), `api.auth.provider_unavailable` ' +
  '(503, provider not configured), `api.auth.provider_error` (502, provider unreachable).';

export async function socialAuthRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const auth = createAuthService(
    app,
    config.PRODUCT_NAME,
    {
      perAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
      perIp: config.LOGIN_FAILURES_PER_IP,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    config.SESSION_TTL_DAYS,
  );
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? {
          clientId: config.GOOGLE_CLIENT_ID,
          client: createOidcClient({
            issuer: config.GOOGLE_ISSUER,
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
          }),
        }
      : null;
  const facebook =
    config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
      ? {
          appId: config.FACEBOOK_APP_ID,
          client: createGraphClient({
            baseUrl: config.FACEBOOK_GRAPH_URL,
            appId: config.FACEBOOK_APP_ID,
            appSecret: config.FACEBOOK_APP_SECRET,
          }),
        }
      : null;
  const service = createSocialAuthService(app, {
    google,
    facebook,
    publicWebUrl: config.PUBLIC_WEB_URL,
    issueSession: auth.issueSession,
    checkPassword: auth.checkPassword,
    linkSecret: config.JWT_SECRET,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which social sign-ins are configured',
        description:
          'A provider is `null` when it is not configured. For Google, the web starts an authorization-code ' +
          'flow at `authorizationEndpoint` (null while the provider cannot be reached) with `scope`, ' +
          'redirect_uri = site origin + /auth/google, a `state`, a `nonce` and a PKCE S256 challenge.',
        security: [],
        response: { 200: envelope(authProvidersSchema) },
      },
    },
    async () => ok(await service.providers()),
  );

  routes.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google authorization code (redirect mode)',
        description:
          'Exchanges the code at the token endpoint found by OpenID discovery and verifies the ID token ' +
          '(signature by the provider keys, issuer, audience, expiry, `nonce`). A code is accepted once: ' +
          `a replay answers \`api.auth.google.code_used\`; a failed check \`api.auth.google.invalid\`. ${refusals}`,
        security: [],
        body: googleCodeBodySchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request) => ok(await service.loginWithGoogle(request.body)),
  );

  routes.post(
    '/auth/facebook',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Facebook user access token',
        description:
          "The token is checked with the Graph API's debug_token: valid, issued to our app, and for the user " +
          `named by \`deviceId\` ('fb.web.' + Facebook user id); otherwise \`api.auth.facebook.invalid\`. ${refusals}`,
        security: [],
        body: facebookLoginBodySchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request) => ok(await service.loginWithFacebook(request.body)),
  );

  routes.get(
    '/auth/identities',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The social identities linked to the signed-in account',
        response: { 200: envelope(linkedIdentitiesSchema) },
      },
    },
    async (request) => ok(await service.identities(request.user!.id)),
  );

  const linkRefusals =
    'An identity belongs to at most one account: `api.auth.identity.linked_elsewhere` (409); an account ' +
    'links one identity per provider: `api.auth.identity.provider_already_linked` (409). Linking the ' +
    'identity already linked to this account succeeds. Answers the linked identities.';

  routes.post(
    '/auth/identities/google',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Link a Google account to the signed-in account',
        description: `Same body and checks as POST /api/auth/google. ${linkRefusals}`,
        body: googleCodeBodySchema,
        response: { 200: envelope(linkedIdentitiesSchema) },
      },
    },
    async (request) => ok(await service.linkGoogle(request.user!.id, request.body)),
  );

  routes.post(
    '/auth/identities/facebook',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Link a Facebook account to the signed-in account',
        description: `The token is checked as in POST /api/auth/facebook. ${linkRefusals}`,
        body: facebookLinkBodySchema,
        response: { 200: envelope(linkedIdentitiesSchema) },
      },
    },
    async (request) => ok(await service.linkFacebook(request.user!.id, request.body.token)),
  );

  routes.delete(
    '/auth/identities/:provider',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Unlink Google or Facebook from the signed-in account',
        description:
          '`api.auth.identity.not_linked` (404) when nothing is linked; `api.auth.identity.last_sign_in_method` ' +
          '(409) when the account would have no way left to sign in. Answers the linked identities.',
        params: z.object({ provider: socialProviderSchema }),
        response: { 200: envelope(linkedIdentitiesSchema) },
      },
    },
    async (request) => ok(await service.unlink(request.user!.id, request.params.provider)),
  );

  const linkPath = (step: number) => `/auth/${config.PRODUCT_NAME}/tmp/${step}`;
  const linkFlow =
    'Linking a Google or Facebook identity to a product account from the sign-in dialog, after the social ' +
    'sign-in answered `api.auth.link.not_found`. Each step answers a `linkToken` (10 minutes) for the next; ' +
    'a missing, expired or out-of-order token answers `api.auth.link.token_invalid` (400).';

  routes.post(
    linkPath(1),
    {
      schema: {
        operationId: 'linkStep1VerifySocial',
        tags: ['auth'],
        summary: 'Linking step 1: verify the social sign-in',
        description:
          `${linkFlow} Takes the body of POST /api/auth/google or /api/auth/facebook with \`provider\`. ` +
          `An identity already linked answers \`api.auth.link.already_linked\` (409). ${refusals}`,
        security: [],
        body: linkVerifyBodySchema,
        response: { 200: envelope(linkStepSchema) },
      },
    },
    async (request) => ok(await service.linkVerify(request.body)),
  );

  routes.post(
    linkPath(2),
    {
      schema: {
        operationId: 'linkStep2CheckAccount',
        tags: ['auth'],
        summary: "Linking step 2: check the product account's username and password",
        description: `${linkFlow} Refusals as in the product sign-in, counted with its failures. Answers the account to confirm.`,
        security: [],
        body: linkCredentialsBodySchema,
        response: { 200: envelope(linkStepSchema) },
      },
    },
    async (request) => ok(await service.linkCredentials(request.body, request.ip)),
  );

  routes.post(
    linkPath(3),
    {
      schema: {
        operationId: 'linkStep3Confirm',
        tags: ['auth'],
        summary: 'Linking step 3: confirm and link',
        description: `${linkFlow} An identity taken by another account meanwhile answers \`api.auth.identity.linked_elsewhere\` (409).`,
        security: [],
        body: linkConfirmBodySchema,
        response: { 200: envelope(linkStepSchema) },
      },
    },
    async (request) => ok(await service.linkConfirm(request.body.linkToken)),
  );

  routes.post(
    linkPath(4),
    {
      schema: {
        operationId: 'linkStep4SignIn',
        tags: ['auth'],
        summary: 'Linking step 4: sign in with the linked identity',
        description: `${linkFlow} A step-3 token signs in once.`,
        security: [],
        body: linkSignInBodySchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request) => ok(await service.linkSignIn(request.body)),
  );
}
