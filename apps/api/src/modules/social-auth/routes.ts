import {
  authProvidersSchema,
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
import { z } from 'zod';
import type { Config } from '../../config';
import { jsonRoutes } from '../../lib/routes';
import { signInClientOf } from '../auth';

const refusals =
  'Refusals: `api.auth.link.not_found` (400, no account linked), `api.auth.provider_unavailable` ' +
  '(503, provider not configured), `api.auth.provider_error` (502, provider unreachable).';

export async function socialAuthRoutes(app: FastifyInstance, { config }: { config: Config }) {
  signInAndIdentityRoutes(app);
  linkStepRoutes(app, config);
}

/** Google and Facebook sign-in, and the signed-in account's linked identities. */
function signInAndIdentityRoutes(app: FastifyInstance) {
  const service = app.services.socialAuth;
  const route = jsonRoutes(app, ['auth']);

  route({
    method: 'GET',
    url: '/auth/providers',
    access: 'public',
    summary: 'Which social sign-ins are configured',
    description:
      'A provider is `null` when it is not configured. For Google, the web starts an authorization-code ' +
      'flow at `authorizationEndpoint` (null while the provider cannot be reached) with `scope`, ' +
      'redirect_uri = site origin + /auth/google, a `state`, a `nonce` and a PKCE S256 challenge.',
    data: authProvidersSchema,
    handle: () => service.providers(),
  });

  route({
    method: 'POST',
    url: '/auth/google',
    access: 'public',
    summary: 'Sign in with a Google authorization code (redirect mode)',
    description:
      'Exchanges the code at the token endpoint found by OpenID discovery and verifies the ID token ' +
      '(signature by the provider keys, issuer, audience, expiry, `nonce`). A code is accepted once: ' +
      `a replay answers \`api.auth.google.code_used\`; a failed check \`api.auth.google.invalid\`. ${refusals}`,
    body: googleCodeBodySchema,
    data: loginResultSchema,
    handle: (request) => service.loginWithGoogle(request.body, signInClientOf(request)),
  });

  route({
    method: 'POST',
    url: '/auth/facebook',
    access: 'public',
    summary: 'Sign in with a Facebook user access token',
    description:
      "The token is checked with the Graph API's debug_token: valid, issued to our app, and for the user " +
      `named by \`deviceId\` ('fb.web.' + Facebook user id); otherwise \`api.auth.facebook.invalid\`. ${refusals}`,
    body: facebookLoginBodySchema,
    data: loginResultSchema,
    handle: (request) => service.loginWithFacebook(request.body, signInClientOf(request)),
  });

  route({
    method: 'GET',
    url: '/auth/identities',
    access: 'user',
    summary: 'The social identities linked to the signed-in account',
    data: linkedIdentitiesSchema,
    handle: (request) => service.identities(request.user!.id),
  });

  const linkRefusals =
    'An identity belongs to at most one account: `api.auth.identity.linked_elsewhere` (409); an account ' +
    'links one identity per provider: `api.auth.identity.provider_already_linked` (409). Linking the ' +
    'identity already linked to this account succeeds. Answers the linked identities.';

  route({
    method: 'POST',
    url: '/auth/identities/google',
    access: 'user',
    summary: 'Link a Google account to the signed-in account',
    description: `Same body and checks as POST /api/auth/google. ${linkRefusals}`,
    body: googleCodeBodySchema,
    data: linkedIdentitiesSchema,
    handle: (request) => service.linkGoogle(request.user!.id, request.body),
  });

  route({
    method: 'POST',
    url: '/auth/identities/facebook',
    access: 'user',
    summary: 'Link a Facebook account to the signed-in account',
    description: `The token is checked as in POST /api/auth/facebook. ${linkRefusals}`,
    body: facebookLinkBodySchema,
    data: linkedIdentitiesSchema,
    handle: (request) => service.linkFacebook(request.user!.id, request.body.token),
  });

  route({
    method: 'DELETE',
    url: '/auth/identities/:provider',
    access: 'user',
    summary: 'Unlink Google or Facebook from the signed-in account',
    description:
      '`api.auth.identity.not_linked` (404) when nothing is linked; `api.auth.identity.last_sign_in_method` ' +
      '(409) when the account would have no way left to sign in. Answers the linked identities.',
    params: z.object({ provider: socialProviderSchema }),
    data: linkedIdentitiesSchema,
    handle: (request) => service.unlink(request.user!.id, request.params.provider),
  });
}

/** Linking a social identity to a product account from the sign-in dialog, in four steps. */
function linkStepRoutes(app: FastifyInstance, config: Config) {
  const service = app.services.socialAuth;
  const route = jsonRoutes(app, ['auth']);
  const linkPath = (step: number) => `/auth/${config.PRODUCT_NAME}/tmp/${step}`;
  const linkFlow =
    'Linking a Google or Facebook identity to a product account from the sign-in dialog, after the social ' +
    'sign-in answered `api.auth.link.not_found`. Each step answers a `linkToken` (10 minutes) for the next; ' +
    'a missing, expired or out-of-order token answers `api.auth.link.token_invalid` (400).';

  route({
    method: 'POST',
    url: linkPath(1),
    access: 'public',
    operationId: 'linkStep1VerifySocial',
    summary: 'Linking step 1: verify the social sign-in',
    description:
      `${linkFlow} Takes the body of POST /api/auth/google or /api/auth/facebook with \`provider\`. ` +
      `An identity already linked answers \`api.auth.link.already_linked\` (409). ${refusals}`,
    body: linkVerifyBodySchema,
    data: linkStepSchema,
    handle: (request) => service.linkVerify(request.body),
  });

  route({
    method: 'POST',
    url: linkPath(2),
    access: 'public',
    operationId: 'linkStep2CheckAccount',
    summary: "Linking step 2: check the product account's username and password",
    description: `${linkFlow} Refusals as in the product sign-in, counted with its failures. Answers the account to confirm.`,
    body: linkCredentialsBodySchema,
    data: linkStepSchema,
    handle: (request) => service.linkCredentials(request.body, request.ip),
  });

  route({
    method: 'POST',
    url: linkPath(3),
    access: 'public',
    operationId: 'linkStep3Confirm',
    summary: 'Linking step 3: confirm and link',
    description: `${linkFlow} An identity taken by another account meanwhile answers \`api.auth.identity.linked_elsewhere\` (409).`,
    body: linkConfirmBodySchema,
    data: linkStepSchema,
    handle: (request) => service.linkConfirm(request.body.linkToken),
  });

  route({
    method: 'POST',
    url: linkPath(4),
    access: 'public',
    operationId: 'linkStep4SignIn',
    summary: 'Linking step 4: sign in with the linked identity',
    description: `${linkFlow} A step-3 token signs in once.`,
    body: linkSignInBodySchema,
    data: loginResultSchema,
    handle: (request) => service.linkSignIn(request.body, signInClientOf(request)),
  });
}
