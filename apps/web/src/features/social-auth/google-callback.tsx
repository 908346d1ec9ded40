'use client';

import type { LinkedIdentity, LoginResult } from '@carabala/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import {
  IDENTITIES_QUERY_KEY,
  takeGoogleFlow,
  takePreviousUrl,
  type GoogleFlow,
  type GoogleIntent,
} from '@/lib/social-auth';

/** A return that cannot be used: the player cancelled, or nothing in this tab started the flow. */
class CallbackRefused extends Error {}

interface Callback {
  flow: GoogleFlow | null;
  params: URLSearchParams;
  previousUrl: string;
}

/**
 * The return of the Google redirect: checks `state` against the one this tab sent, hands the code
 * (with the nonce and PKCE verifier) to the API to sign in or link, then goes back to previous_url.
 */
export function GoogleCallback() {
  const t = useTranslations('social');
  const router = useRouter();
  const queryClient = useQueryClient();
  const { signedIn } = useSession();
  const started = useRef(false);

  const exchange = useMutation({
    mutationFn: async ({ flow, params }: Callback): Promise<GoogleIntent> => {
      if (params.get('error') === 'access_denied') throw new CallbackRefused(t('callbackDenied'));
      const code = params.get('code');
      if (!flow || !code || params.get('state') !== flow.state) throw new CallbackRefused(t('callbackInvalid'));
      const body = { code, nonce: flow.nonce, codeVerifier: flow.codeVerifier, redirectUri: flow.redirectUri };
      if (flow.intent === 'link') {
        queryClient.setQueryData(
          IDENTITIES_QUERY_KEY,
          await api.post<LinkedIdentity[]>('/auth/identities/google', body),
        );
      } else {
        await signedIn(await api.post<LoginResult>('/auth/google', body));
      }
      return flow.intent;
    },
    onSuccess: (_intent, { previousUrl }) => router.replace(previousUrl),
    onError: (error) => {
      if (!(error instanceof ApiError || error instanceof CallbackRefused)) console.error(error);
    },
  });
  const { mutate } = exchange;

  useEffect(() => {
    // The flow is one-time: strict-mode double effects and reloads must not send the code twice.
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const callback = { flow: takeGoogleFlow(), params, previousUrl: takePreviousUrl() };
    // The code is spent either way; keep it out of the history and the address bar.
    window.history.replaceState(null, '', window.location.pathname);
    mutate(callback);
  }, [mutate]);

  const intent = exchange.variables?.flow?.intent ?? 'login';
  const error = exchange.error;
  return (
    <div className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-lg ring-1 ring-ink/10">
      {error ? (
        <>
          <p role="alert" className="rounded-lg bg-ruby/10 px-4 py-3 text-ruby">
            {error instanceof ApiError || error instanceof CallbackRefused ? error.message : t('genericError')}
          </p>
          <Button className="mt-5" onClick={() => router.replace(exchange.variables?.previousUrl ?? '/')}>
            {t('callbackBack')}
          </Button>
        </>
      ) : (
        <p role="status" className="flex items-center justify-center gap-3 font-semibold text-ink">
          <Spinner className="size-5" />
          {exchange.isSuccess
            ? t(intent === 'link' ? 'callbackLinked' : 'callbackSignedIn')
            : t(intent === 'link' ? 'callbackLinking' : 'callbackSigningIn')}
        </p>
      )}
    </div>
  );
}
