'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { publicConfig } from '@/config';

/** Facebook and Google sign-in. Until those providers are configured, each says it is not available. */
export function SocialButtons() {
  const t = useTranslations('auth');
  const [message, setMessage] = useState<string | null>(null);
  const unavailable = (provider: string) => setMessage(t('socialUnavailable', { provider, brand: publicConfig.brand }));

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => unavailable('Facebook')}
        className="flex w-full items-center justify-center gap-2 rounded-full bg-[#1877f2] py-2.5 font-bold text-white hover:brightness-110"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v8h4v-8h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8Z" />
        </svg>
        {t('facebook')}
      </button>
      <button
        type="button"
        onClick={() => unavailable('Google')}
        className="flex w-full items-center justify-center gap-2 rounded-full border-2 border-ink/15 bg-white py-2 font-bold text-ink hover:bg-ink/5"
      >
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
        {t('google')}
      </button>
      {message && (
        <p role="alert" className="rounded-lg bg-gold/20 px-3 py-2 text-sm text-ink">
          {message}
        </p>
      )}
    </div>
  );
}
