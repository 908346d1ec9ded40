'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { LoginDialogProps } from '@/components/sign-in-slot';
import { LazyMessages } from '@/i18n/lazy-messages';
import { SIGN_IN_NAMESPACES } from '@/i18n/namespaces';
import { useMounted } from '@/lib/use-mounted';

/** Fetched the first time a visitor opens it: most visits never sign in. */
const SignInDialog = dynamic(() => import('./sign-in-dialog'), { ssr: false });

/** A sign-in trigger and its dialog, loaded on the first opening; rendered after mount. */
export function LoginDialog({ trigger, show = false, onSuccess }: LoginDialogProps) {
  const mounted = useMounted();
  const [open, setOpen] = useState(show);
  // Once loaded, it stays rendered so that closing plays out as usual.
  const [wanted, setWanted] = useState(show);
  if (!mounted) return null;
  return (
    <>
      {trigger?.(() => {
        setWanted(true);
        setOpen(true);
      })}
      {wanted && (
        <LazyMessages namespaces={SIGN_IN_NAMESPACES}>
          <SignInDialog
            open={open}
            onOpenChange={setOpen}
            onSuccess={(user) => {
              setOpen(false);
              onSuccess?.(user);
            }}
          />
        </LazyMessages>
      )}
    </>
  );
}
