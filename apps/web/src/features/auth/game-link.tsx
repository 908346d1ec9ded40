'use client';

import { gameLinkResultSchema } from '@carabala/contracts/game-api';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api-client';
import { newDeviceId, useSignedIn } from './api';
import { LoginDialog } from './login-dialog';

/** The link's token is in the fragment, which no server, proxy or log ever receives. */
class NoToken extends Error {}

/**
 * The landing of a one-time sign-in link the game made ("Nạp" in the game): posts the token from the
 * URL's fragment, keeps the session like a password sign-in, then goes to the site's path the game
 * asked for. A used or expired link says so, with the normal sign-in beside it.
 */
export function GameLinkSignIn() {
  const t = useTranslations('gameLink');
  const router = useRouter();
  const signedIn = useSignedIn();
  const started = useRef(false);

  const exchange = useMutation({
    mutationFn: async (token: string) => {
      if (!token) throw new NoToken();
      const result = await api.post('/auth/game-link', { token, deviceId: newDeviceId() }, gameLinkResultSchema);
      await signedIn(result);
      return result.path;
    },
    onSuccess: (path) => router.replace(path),
    onError: (error) => {
      if (!(error instanceof ApiError || error instanceof NoToken)) console.error(error);
    },
  });
  const { mutate } = exchange;

  useEffect(() => {
    // One use: strict-mode double effects and reloads must not post the token twice.
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    // Spent either way: out of the address bar and the history.
    window.history.replaceState(null, '', window.location.pathname);
    mutate(token);
  }, [mutate]);

  const error = exchange.error;
  return (
    <div className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-lg ring-1 ring-ink/10">
      {error ? (
        <>
          <p role="alert" data-testid="game-link-error" className="rounded-lg bg-ruby/10 px-4 py-3 text-ruby-ink">
            {error instanceof ApiError ? error.message : t('invalid')}
          </p>
          <LoginDialog
            onSuccess={() => router.replace('/store')}
            trigger={(open) => (
              <Button className="mt-5" onClick={open}>
                {t('signIn')}
              </Button>
            )}
          />
        </>
      ) : (
        <p role="status" className="flex items-center justify-center gap-3 font-semibold text-ink">
          <Spinner className="size-5" />
          {exchange.isSuccess ? t('signedIn') : t('signingIn')}
        </p>
      )}
    </div>
  );
}
