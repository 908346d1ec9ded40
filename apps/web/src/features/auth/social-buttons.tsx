'use client';

import type { LinkStep, LinkVerifyBody, Me } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { publicConfig } from '@/config';
import { ApiError } from '@/lib/api-client';
import { signInWithFacebook, startAccountLink, useAuthProviders, useSignedIn } from './api';
import { LinkAccount } from './link-account';
import { FacebookCancelledError, facebookLogin, startGoogleRedirect } from './social';

export function FacebookIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v8h4v-8h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8Z" />
    </svg>
  );
}

export function GoogleIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z"
      />
    </svg>
  );
}

/** The message a failed social sign-in shows: the server's own text, else a known client failure. */
export function useSocialErrorMessage() {
  const t = useTranslations('social');
  return (error: unknown) => {
    if (error instanceof ApiError) return error.message;
    if (error instanceof FacebookCancelledError) return t('facebookCancelled');
    if (error instanceof Error && error.message === 'Facebook SDK failed to load') return t('facebookLoadFailed');
    console.error(error);
    return t('genericError');
  };
}

/**
 * Facebook and Google sign-in. Google leaves for the provider (redirect mode) and comes back to
 * /auth/google; Facebook signs in here through its SDK. A provider the API does not offer explains
 * that this sign-in is not available.
 */
export function SocialButtons({
  onSuccess,
  onLinkingChange,
}: {
  onSuccess?: (user: Me) => void;
  /** The linking steps replace the rest of the dialog while they run. */
  onLinkingChange?: (linking: boolean) => void;
}) {
  const t = useTranslations('auth');
  const ts = useTranslations('social');
  const providers = useAuthProviders();
  const signedIn = useSignedIn();
  const errorMessage = useSocialErrorMessage();
  const [message, setMessage] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  /** A verified Facebook proof that no account is linked to: offered for linking. */
  const [unlinked, setUnlinked] = useState<LinkVerifyBody | null>(null);
  const [linking, setLinking] = useState<LinkStep | null>(null);
  const unavailable = (provider: string) => setMessage(t('socialUnavailable', { provider, brand: publicConfig.brand }));

  const facebook = useMutation({
    mutationFn: async () => {
      const body = await facebookLogin(providers.data!.facebook!);
      try {
        return await signInWithFacebook(body);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'api.auth.link.not_found') {
          setUnlinked({ provider: 'facebook', ...body });
        }
        throw error;
      }
    },
    onSuccess: async (result) => {
      await signedIn(result);
      onSuccess?.(result.user);
    },
    onError: (error) => setMessage(errorMessage(error)),
  });

  const startLink = useMutation({
    mutationFn: startAccountLink,
    onSuccess: (step) => {
      setMessage(null);
      setLinking(step);
      onLinkingChange?.(true);
    },
    onError: (error) => {
      setUnlinked(null);
      setMessage(errorMessage(error));
    },
  });

  const stopLinking = () => {
    setLinking(null);
    setUnlinked(null);
    onLinkingChange?.(false);
  };

  if (linking) {
    return (
      <LinkAccount
        started={linking}
        onCancel={stopLinking}
        onSuccess={(user) => {
          stopLinking();
          onSuccess?.(user);
        }}
      />
    );
  }

  const onFacebook = () => {
    setMessage(null);
    setUnlinked(null);
    if (!providers.data?.facebook) return unavailable('Facebook');
    facebook.mutate();
  };

  const onGoogle = async () => {
    setMessage(null);
    const google = providers.data?.google;
    if (!google?.authorizationEndpoint) return unavailable('Google');
    setRedirecting(true);
    try {
      await startGoogleRedirect(google, 'login');
    } catch (error) {
      setRedirecting(false);
      setMessage(errorMessage(error));
    }
  };

  const busy = providers.isPending || facebook.isPending || redirecting;
  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={onFacebook}
        disabled={busy}
        aria-busy={facebook.isPending}
        className="flex w-full items-center justify-center gap-2 rounded-full bg-[#1877f2] py-2.5 font-bold text-white hover:brightness-110 disabled:opacity-60"
      >
        {facebook.isPending ? <Spinner /> : <FacebookIcon />}
        {t('facebook')}
      </button>
      <button
        type="button"
        onClick={onGoogle}
        disabled={busy}
        aria-busy={redirecting}
        className="flex w-full items-center justify-center gap-2 rounded-full border-2 border-ink/15 bg-white py-2 font-bold text-ink hover:bg-ink/5 disabled:opacity-60"
      >
        {redirecting ? <Spinner /> : <GoogleIcon />}
        {t('google')}
      </button>
      {(facebook.isPending || redirecting) && (
        <p role="status" className="text-center text-sm text-ink/70">
          {redirecting ? ts('redirecting') : ts('facebookLoading')}
        </p>
      )}
      {message && (
        <p role="alert" className="rounded-lg bg-gold/20 px-3 py-2 text-sm text-ink">
          {message}
        </p>
      )}
      {unlinked && (
        <div className="space-y-2 rounded-lg bg-royal/5 px-3 py-2">
          <p className="text-sm text-ink">{ts('offerLink', { brand: publicConfig.brand, provider: 'Facebook' })}</p>
          <Button
            variant="secondary"
            className="w-full"
            disabled={startLink.isPending}
            onClick={() => startLink.mutate(unlinked)}
          >
            {startLink.isPending && <Spinner />}
            {ts('offerLinkButton', { brand: publicConfig.brand, provider: 'Facebook' })}
          </Button>
        </div>
      )}
    </div>
  );
}
