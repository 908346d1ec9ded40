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

/** Point 3 of the description: `deviceId` is 'fb.web.' + the Facebook user id; `create` is always false. */
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
export type FacebookLinkBody = z.infer<typeof facebookLinkBodySchema>;

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

export const linkedIdentitySchema = z.object({
  provider: socialProviderSchema,
  linkedAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

export const linkedIdentitiesSchema = z.array(linkedIdentitySchema);
