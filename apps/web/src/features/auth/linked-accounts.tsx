'use client';

import type { SocialProvider } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { LinkedAccountsProps } from '@/components/sign-in-slot';
import { Spinner } from '@/components/ui/spinner';
import { linkFacebook, unlinkIdentity, useAuthProviders, useLinkedIdentities, useSaveIdentities } from './api';
import { facebookLogin, startGoogleRedirect } from './social';
import { FacebookIcon, GoogleIcon, useSocialErrorMessage } from './social-buttons';
import { FormError } from '@/components/form/sent-form';

const names: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

const asIs: NonNullable<LinkedAccountsProps['action']> = (button) => button;

/**
 * Link and unlink Google and Facebook for the signed-in player (a section of the user menu and of the
 * mobile menu). `action` wraps each link/unlink button: the user menu makes them reachable as its items.
 */
export function LinkedAccounts({ tone = 'light', action = asIs }: LinkedAccountsProps) {
  const t = useTranslations('social');
  const providers = useAuthProviders();
  const identities = useLinkedIdentities(true);
  const errorMessage = useSocialErrorMessage();
  const [error, setError] = useState<string | null>(null);

  const saved = useSaveIdentities();

  const link = useMutation({
    mutationFn: async (provider: SocialProvider) => {
      if (provider === 'google') {
        // Leaves the page; /auth/google finishes the link and comes back here.
        await startGoogleRedirect(providers.data!.google!, 'link');
        return null;
      }
      const { token } = await facebookLogin(providers.data!.facebook!);
      return linkFacebook(token);
    },
    onSuccess: (list, provider) => {
      if (!list) return;
      saved(list);
      toast.success(t('linkedToast', { provider: names[provider] }));
    },
    onError: (cause) => setError(errorMessage(cause)),
  });

  const unlink = useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: (list, provider) => {
      saved(list);
      toast.success(t('unlinkedToast', { provider: names[provider] }));
    },
    onError: (cause) => setError(errorMessage(cause)),
  });

  const muted = tone === 'dark' ? 'text-white/70' : 'text-ink/70';
  const busy = link.isPending || unlink.isPending;
  return (
    <section aria-label={t('linkTitle')} className="space-y-2">
      <p className={`text-xs font-bold tracking-wide uppercase ${muted}`}>{t('linkTitle')}</p>
      {(['google', 'facebook'] as const).map((provider) => {
        const linked = identities.data?.some((identity) => identity.provider === provider) ?? false;
        const configured =
          provider === 'google'
            ? Boolean(providers.data?.google?.authorizationEndpoint)
            : Boolean(providers.data?.facebook);
        const pending =
          (link.isPending && link.variables === provider) || (unlink.isPending && unlink.variables === provider);
        return (
          <div key={provider} data-testid={`link-${provider}`} className="flex items-center gap-2 text-sm">
            <span className={provider === 'facebook' ? 'text-[#1877f2]' : ''}>
              {provider === 'google' ? <GoogleIcon /> : <FacebookIcon />}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{names[provider]}</span>
              <span className={`block text-xs ${linked ? 'text-leaf-ink' : muted}`}>
                {identities.isPending ? '…' : linked ? t('linked') : t('notLinked')}
              </span>
            </span>
            {pending && <Spinner />}
            {linked || configured ? (
              action(
                <button
                  type="button"
                  disabled={busy || (!linked && identities.isPending)}
                  onClick={() => {
                    setError(null);
                    (linked ? unlink : link).mutate(provider);
                  }}
                  className={`rounded-full px-3 py-1 text-xs font-bold disabled:opacity-50 ${
                    linked
                      ? 'text-ruby ring-1 ring-ruby/40 hover:bg-ruby/5'
                      : 'bg-royal text-white hover:bg-royal-light'
                  }`}
                >
                  {linked ? t('unlink') : t('link')}
                </button>,
              )
            ) : (
              <span className={`text-xs ${muted}`}>{t('unavailable')}</span>
            )}
          </div>
        );
      })}
      <FormError message={error} small />
    </section>
  );
}
