'use client';

import type { LinkStep } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { publicConfig } from '@/config';
import { ApiError } from '@/lib/api-client';
import {
  linkGoogle,
  signInWithGoogle,
  startAccountLink,
  useAuthProviders,
  useSaveIdentities,
  useSignedIn,
} from './api';
import { LinkAccount } from './link-account';
import { startGoogleRedirect, takeGoogleFlow, takePreviousUrl, type GoogleFlow, type GoogleIntent } from './social';

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
  const tc = useTranslations('googleCallback');
  const router = useRouter();
  const saveIdentities = useSaveIdentities();
  const signedIn = useSignedIn();
  const started = useRef(false);
  const providers = useAuthProviders();
  const [linking, setLinking] = useState<LinkStep | null>(null);

  const exchange = useMutation({
    mutationFn: async ({ flow, params }: Callback): Promise<GoogleIntent> => {
      if (params.get('error') === 'access_denied') throw new CallbackRefused(tc('callbackDenied'));
      const code = params.get('code');
      if (!flow || !code || params.get('state') !== flow.state) throw new CallbackRefused(tc('callbackInvalid'));
      const body = { code, nonce: flow.nonce, codeVerifier: flow.codeVerifier, redirectUri: flow.redirectUri };
      if (flow.intent === 'link-signin') {
        // The sign-in dialog's linking: a fresh code proves the Google account, then steps 2-4 follow here.
        setLinking(await startAccountLink({ provider: 'google', ...body }));
      } else if (flow.intent === 'link') {
        saveIdentities(await linkGoogle(body));
      } else {
        await signedIn(await signInWithGoogle(body));
      }
      return flow.intent;
    },
    onSuccess: (intent, { previousUrl }) => {
      if (intent !== 'link-signin') router.replace(previousUrl);
    },
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
  const previousUrl = exchange.variables?.previousUrl ?? '/';
  const error = exchange.error;
  const google = providers.data?.google;
  const offerLink =
    intent === 'login' && error instanceof ApiError && error.code === 'api.auth.link.not_found' && google;
  return (
    <div className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-lg ring-1 ring-ink/10">
      {linking ? (
        <LinkAccount
          started={linking}
          onCancel={() => router.replace(previousUrl)}
          onSuccess={() => router.replace(previousUrl)}
        />
      ) : error ? (
        <>
          <p role="alert" className="rounded-lg bg-ruby/10 px-4 py-3 text-ruby-ink">
            {error instanceof ApiError || error instanceof CallbackRefused ? error.message : t('genericError')}
          </p>
          {offerLink && (
            <>
              <p className="mt-4 text-sm text-ink">
                {t('offerLink', { brand: publicConfig.brand, provider: 'Google' })}
              </p>
              <Button
                variant="secondary"
                className="mt-3 w-full"
                onClick={() => void startGoogleRedirect(google, 'link-signin', previousUrl)}
              >
                {t('offerLinkButton', { brand: publicConfig.brand, provider: 'Google' })}
              </Button>
            </>
          )}
          <Button className="mt-5" onClick={() => router.replace(previousUrl)}>
            {tc('callbackBack')}
          </Button>
        </>
      ) : (
        <p role="status" className="flex items-center justify-center gap-3 font-semibold text-ink">
          <Spinner className="size-5" />
          {exchange.isSuccess
            ? tc(intent === 'login' ? 'callbackSignedIn' : 'callbackLinked')
            : tc(intent === 'login' ? 'callbackSigningIn' : 'callbackLinking')}
        </p>
      )}
    </div>
  );
}
