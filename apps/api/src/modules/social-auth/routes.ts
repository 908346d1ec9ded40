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
import { z } from 'zod';
import type { Config } from '../../config';
import { jsonRoutes, type Route, type RouteServices } from '../../lib/routes';
import { signInClientOf } from '../auth';

const refusals =
  'Refusals: `api.auth.link.not_found` (400, no account linked), `api.auth.provider_unavailable` ' +
  '(503, provider not configured), `api.auth.provider_error` (502, provider unreachable).';

export const socialAuthRoutes = jsonRoutes(['auth'], (route, services, { config }) => {
  signInAndIdentityRoutes(route, services);
  linkStepRoutes(route, services, config);
});

/** Google and Facebook sign-in, and the signed-in account's linked identities. */
function signInAndIdentityRoutes(route: Route, { socialAuth: service }: RouteServices) {
  route('GET /auth/providers', 'public', {
    summary: 'Which social sign-ins are configured',
    description:
      'A provider is `null` when it is not configured. For Google, the web starts an authorization-code ' +
      'flow at `authorizationEndpoint` (null while the provider cannot be reached) with `scope`, ' +
      'redirect_uri = site origin + /auth/google, a `state`, a `nonce` and a PKCE S256 challenge.',
    data: authProvidersSchema,
    handle: () => service.providers(),
  });

  route('POST /auth/google', 'public', {
    summary: 'Sign in with a Google authorization code (redirect mode)',
    description:
      'Exchanges the code at the token endpoint found by OpenID discovery and verifies the ID token ' +
      '(signature by the provider keys, issuer, audience, expiry, `nonce`). A code is accepted once: ' +
      `a replay answers \`api.auth.google.code_used\`; a failed check \`api.auth.google.invalid\`. ${refusals}`,
    body: googleCodeBodySchema,
    data: loginResultSchema,
    handle: (request) => service.loginWithGoogle(request.body, signInClientOf(request)),
  });

  route('POST /auth/facebook', 'public', {
    summary: 'Sign in with a Facebook user access token',
    description:
      "The token is checked with the Graph API's debug_token: valid, issued to our app, and for the user " +
      `named by \`deviceId\` ('fb.web.' + Facebook user id); otherwise \`api.auth.facebook.invalid\`. ${refusals}`,
    body: facebookLoginBodySchema,
    data: loginResultSchema,
    handle: (request) => service.loginWithFacebook(request.body, signInClientOf(request)),
  });

  route('GET /auth/identities', 'user', {
    summary: 'The social identities linked to the signed-in account',
    data: linkedIdentitiesSchema,
    handle: (request) => service.identities(request.user!.id),
  });

  const linkRefusals =
    'An identity belongs to at most one account: `api.auth.identity.linked_elsewhere` (409); an account ' +
    'links one identity per provider: `api.auth.identity.provider_already_linked` (409). Linking the ' +
    'identity already linked to this account succeeds. Answers the linked identities.';

  route('POST /auth/identities/google', 'user', {
    summary: 'Link a Google account to the signed-in account',
    description: `Same body and checks as POST /api/auth/google. ${linkRefusals}`,
    body: googleCodeBodySchema,
    data: linkedIdentitiesSchema,
    handle: (request) => service.linkGoogle(request.user!.id, request.body),
  });

  route('POST /auth/identities/facebook', 'user', {
    summary: 'Link a Facebook account to the signed-in account',
    description: `The token is checked as in POST /api/auth/facebook. ${linkRefusals}`,
    body: facebookLinkBodySchema,
    data: linkedIdentitiesSchema,
    handle: (request) => service.linkFacebook(request.user!.id, request.body.token),
  });

  route('DELETE /auth/identities/:provider', 'user', {
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
function linkStepRoutes(route: Route, { socialAuth: service }: RouteServices, config: Config) {
  const linkPath = (step: number) => `/auth/${config.PRODUCT_NAME}/tmp/${step}` as const;
  const linkFlow =
    'Linking a Google or Facebook identity to a product account from the sign-in dialog, after the social ' +
    'sign-in answered `api.auth.link.not_found`. Each step answers a `linkToken` (10 minutes) for the next; ' +
    'a missing, expired or out-of-order token answers `api.auth.link.token_invalid` (400).';

  route(`POST ${linkPath(1)}`, 'public', {
    operationId: 'linkStep1VerifySocial',
    summary: 'Linking step 1: verify the social sign-in',
    description:
      `${linkFlow} Takes the body of POST /api/auth/google or /api/auth/facebook with \`provider\`. ` +
      `An identity already linked answers \`api.auth.link.already_linked\` (409). ${refusals}`,
    body: linkVerifyBodySchema,
    data: linkStepSchema,
    handle: (request) => service.linkVerify(request.body),
  });

  route(`POST ${linkPath(2)}`, 'public', {
    operationId: 'linkStep2CheckAccount',
    summary: "Linking step 2: check the product account's username and password",
    description: `${linkFlow} Refusals as in the product sign-in, counted with its failures. Answers the account to confirm.`,
    body: linkCredentialsBodySchema,
    data: linkStepSchema,
    handle: (request) => service.linkCredentials(request.body, request.ip),
  });

  route(`POST ${linkPath(3)}`, 'public', {
    operationId: 'linkStep3Confirm',
    summary: 'Linking step 3: confirm and link',
    description: `${linkFlow} An identity taken by another account meanwhile answers \`api.auth.identity.linked_elsewhere\` (409).`,
    body: linkConfirmBodySchema,
    data: linkStepSchema,
    handle: (request) => service.linkConfirm(request.body.linkToken),
  });

  route(`POST ${linkPath(4)}`, 'public', {
    operationId: 'linkStep4SignIn',
    summary: 'Linking step 4: sign in with the linked identity',
    description: `${linkFlow} A step-3 token signs in once.`,
    body: linkSignInBodySchema,
    data: loginResultSchema,
    handle: (request) => service.linkSignIn(request.body, signInClientOf(request)),
  });
}
