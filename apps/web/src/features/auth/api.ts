'use client';

import {
  authProvidersSchema,
  linkedIdentitiesSchema,
  linkStepSchema,
  loginResultSchema,
  type FacebookLoginBody,
  type GoogleCodeBody,
  type LinkedIdentity,
  type LinkStep,
  type LinkVerifyBody,
  type LoginForm as Credentials,
  type LoginResult,
  type SocialProvider,
} from '@carabala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { publicConfig } from '@/config';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/auth';
import { tokenStore } from '@/lib/storage';

/** The sign-in calls; every answer is parsed with its contracts schema. */
export const authKeys = {
  providers: ['auth-providers'] as const,
  identities: ['auth-identities'] as const,
};

/** Which social sign-ins the API offers; asked once per page load. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authKeys.providers,
    queryFn: () => api.get('/auth/providers', authProvidersSchema),
    staleTime: Infinity,
    retry: 0,
  });
}

/** The social identities linked to the signed-in account. */
export function useLinkedIdentities(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.identities,
    queryFn: () => api.get('/auth/identities', linkedIdentitiesSchema),
    enabled,
    staleTime: 60_000,
    retry: 0,
  });
}

/** Keeps the identities an answer listed, without asking again. */
export function useSaveIdentities() {
  const queryClient = useQueryClient();
  return useCallback((list: LinkedIdentity[]) => queryClient.setQueryData(authKeys.identities, list), [queryClient]);
}

/** Starts the session a sign-in answered: the token and user record stored, the current user asked again. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (result: LoginResult) => {
      tokenStore.save(result.accessToken, result.user);
      await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY });
    },
    [queryClient],
  );
}

/** A device id for one sign-in of this browser. */
export const newDeviceId = () => `${publicConfig.product}.web.${crypto.randomUUID()}`;

/** The product account's sign-in; a staff account with a second factor sends its code as `otp`. */
export const signInWithPassword = (values: Credentials, deviceId: string, otp?: string) =>
  api.post(`/auth/${publicConfig.product}`, { ...values, deviceId, ...(otp ? { otp } : {}) }, loginResultSchema);

/** "Gửi lại email xác minh" for the username the sign-in form holds. */
export const resendVerification = (username: string) => api.post('/accounts/verify-email/resend', { username });

export const signInWithFacebook = (body: Omit<FacebookLoginBody, 'create'>) =>
  api.post('/auth/facebook', { ...body, create: false }, loginResultSchema);

export const signInWithGoogle = (body: GoogleCodeBody) => api.post('/auth/google', body, loginResultSchema);

export const linkGoogle = (body: GoogleCodeBody) => api.post('/auth/identities/google', body, linkedIdentitiesSchema);

export const linkFacebook = (token: string) => api.post('/auth/identities/facebook', { token }, linkedIdentitiesSchema);

export const unlinkIdentity = (provider: SocialProvider) =>
  api.delete(`/auth/identities/${provider}`, linkedIdentitiesSchema);

/** The linking steps from the sign-in dialog (decision record 015): POST /auth/{product}/tmp/1 to /4. */
const stepPath = (step: number) => `/auth/${publicConfig.product}/tmp/${step}`;

/** Step 1: the social proof is checked by the API and a link token comes back. */
export const startAccountLink = (proof: LinkVerifyBody) => api.post(stepPath(1), proof, linkStepSchema);

/** Step 2: the product account's username and password; the answer names the account. */
export const checkLinkCredentials = (linkToken: string, values: Credentials) =>
  api.post(stepPath(2), { linkToken, ...values }, linkStepSchema);

/** Steps 3 and 4: the link confirmed, then the sign-in with the now-linked identity. */
export async function confirmAccountLink(step: LinkStep) {
  const linked = await api.post(stepPath(3), { linkToken: step.linkToken }, linkStepSchema);
  return api.post(stepPath(4), { linkToken: linked.linkToken, deviceId: newDeviceId() }, loginResultSchema);
}
