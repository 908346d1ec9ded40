import { z } from 'zod';
import { ProviderUnreachableError } from './google-client';

const debugTokenSchema = z.object({
  data: z.object({
    app_id: z.string().optional(),
    user_id: z.string().optional(),
    is_valid: z.boolean(),
  }),
});

export class FacebookTokenRefusedError extends Error {}

export interface GraphClientOptions {
  baseUrl: string;
  appId: string;
  appSecret: string;
  timeoutMs?: number;
}

/** Checks a Facebook user access token with the Graph API's debug_token, using the app access token. */
export function createGraphClient(options: GraphClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    /** The Facebook user id of a valid token issued to our app; refuses any other token. */
    async verifyUserToken(token: string): Promise<string> {
      const url = new URL(`${base}/debug_token`);
      url.searchParams.set('input_token', token);
      url.searchParams.set('access_token', `${options.appId}|${options.appSecret}`);
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      } catch (error) {
        throw new ProviderUnreachableError(String(error));
      }
      const body: unknown = await response.json().catch(() => null);
      // A player's bad token is answered 200 with is_valid false; an error status means our app
      // credentials were refused or Graph is down, which the player cannot fix.
      if (!response.ok) throw new ProviderUnreachableError(`debug_token answered ${response.status}`);
      const parsed = debugTokenSchema.safeParse(body);
      if (!parsed.success) throw new ProviderUnreachableError('debug_token answer is malformed');
      const { data } = parsed.data;
      if (!data.is_valid) throw new FacebookTokenRefusedError('token is not valid');
      if (data.app_id !== options.appId) throw new FacebookTokenRefusedError('token belongs to another app');
      if (!data.user_id) throw new FacebookTokenRefusedError('token names no user');
      return data.user_id;
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;
