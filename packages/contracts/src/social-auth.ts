import { z } from 'zod';

export const socialProviderSchema = z.enum(['google', 'facebook']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** Refusal codes of the social sign-in; `api.auth.link.not_found` is in `codes`. */
export const socialAuthCodes = {
  providerUnavailable: 'api.auth.provider_unavailable',
  providerError: 'api.auth.provider_error',
  googleInvalid: 'api.auth.google.invalid',
  googleCodeUsed: 'api.auth.google.code_used',
  facebookInvalid: 'api.auth.facebook.invalid',
  linkedElsewhere: 'api.auth.identity.linked_elsewhere',
  providerAlreadyLinked: 'api.auth.identity.provider_already_linked',
  notLinked: 'api.auth.identity.not_linked',
  lastSignInMethod: 'api.auth.identity.last_sign_in_method',
} as const;

/** Where the Google authorization response comes back to, on the site's own origin. */
export const googleRedirectPath = '/auth/google';
export const googleScope = 'openid profile';
export const facebookDevicePrefix = 'fb.web.';

/**
 * The browser keeps `state` (checked on return, against cross-site forgery), `nonce` (checked by
 * the API inside the ID token) and the PKCE `codeVerifier`; it sends the last two with the code.
 */
/** Never throws: the refinement also runs on a value the URL check has already refused. */
function isGoogleRedirect(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && url.pathname === googleRedirectPath;
}

export const googleCodeBodySchema = z.object({
  code: z.string().min(1).max(2048),
  nonce: z.string().min(16).max(256),
  codeVerifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/)
    .optional(),
  redirectUri: z
    .string()
    .url()
    .max(500)
    .refine((value) => isGoogleRedirect(value), {
      error: `redirectUri must be an http(s) address ending in ${googleRedirectPath}`,
    })
    .optional(),
});
export type GoogleCodeBody = z.infer<typeof googleCodeBodySchema>;

/** The Facebook sign-in body: `deviceId` is 'fb.web.' + the Facebook user id; `create` is always false. */
export const facebookLoginBodySchema = z.object({
  token: z.string().min(1).max(4096),
  deviceId: z
    .string()
    .regex(/^fb\.web\.[0-9A-Za-z_-]{1,64}$/, { error: "deviceId must be 'fb.web.' + the Facebook user id" }),
  create: z.literal(false).default(false),
});
export type FacebookLoginBody = z.infer<typeof facebookLoginBodySchema>;

export const facebookLinkBodySchema = z.object({
  token: z.string().min(1).max(4096),
});

export const authProvidersSchema = z.object({
  google: z
    .object({
      clientId: z.string(),
      authorizationEndpoint: z.string().nullable(),
      scope: z.string(),
    })
    .nullable(),
  facebook: z.object({ appId: z.string(), sdkVersion: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

const linkedIdentitySchema = z.object({
  provider: socialProviderSchema,
  linkedAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

export const linkedIdentitiesSchema = z.array(linkedIdentitySchema);

/**
 * Linking a social identity to a product account from the sign-in dialog, when the social sign-in
 * answered `api.auth.link.not_found`: POST /auth/{product}/tmp/1 to /4. Each step answers a short-lived
 * signed `linkToken` that the next step must present.
 */
export const linkStepCodes = {
  tokenInvalid: 'api.auth.link.token_invalid',
  alreadyLinked: 'api.auth.link.already_linked',
} as const;

/** Step 1: the social proof, as the sign-in calls take it. */
export const linkVerifyBodySchema = z.discriminatedUnion('provider', [
  googleCodeBodySchema.extend({ provider: z.literal('google') }),
  facebookLoginBodySchema.omit({ create: true }).extend({ provider: z.literal('facebook') }),
]);
export type LinkVerifyBody = z.infer<typeof linkVerifyBodySchema>;

const linkTokenSchema = z.string().min(20).max(2048);

/** Step 2: the product account's username and password. */
export const linkCredentialsBodySchema = z.object({
  linkToken: linkTokenSchema,
  username: z.string().trim().min(6).max(199),
  password: z.string().min(6).max(199),
});
export type LinkCredentialsBody = z.infer<typeof linkCredentialsBodySchema>;

/** Step 3 (confirm) and step 4 (sign in). */
export const linkConfirmBodySchema = z.object({ linkToken: linkTokenSchema });
export const linkSignInBodySchema = z.object({
  linkToken: linkTokenSchema,
  deviceId: z.string().trim().min(1).max(200),
});
export type LinkSignInBody = z.infer<typeof linkSignInBodySchema>;

export const linkStepSchema = z.object({
  linkToken: z.string(),
  provider: socialProviderSchema,
  /** From step 2 on: the account the identity will be (or was) linked to, for the player to confirm. */
  account: z.object({ shortId: z.string(), displayName: z.string() }).nullable(),
});
export type LinkStep = z.infer<typeof linkStepSchema>;
