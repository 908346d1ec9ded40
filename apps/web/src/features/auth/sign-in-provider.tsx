'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { SignInSlot, type LinkedAccountsProps, type SignInParts } from '@/components/sign-in-slot';
import { LazyMessages } from '@/i18n/lazy-messages';
import { SIGN_IN_NAMESPACES } from '@/i18n/namespaces';
import { LoginDialog } from './login-dialog';
import { LoginGate } from './login-gate';

// Shown only in the menus of a signed-in player: its calls, schemas and words stay off the first load.
const LinkedAccounts = dynamic(() => import('./linked-accounts').then((module) => module.LinkedAccounts), {
  ssr: false,
});

const parts: SignInParts = {
  LoginDialog,
  LoginGate,
  LinkedAccounts: (props: LinkedAccountsProps) => (
    <LazyMessages namespaces={SIGN_IN_NAMESPACES}>
      <LinkedAccounts {...props} />
    </LazyMessages>
  ),
};

/** Hands sign-in's parts to the shell and the other features (components/sign-in-slot.tsx). */
export function SignInProvider({ children }: { children: ReactNode }) {
  return <SignInSlot parts={parts}>{children}</SignInSlot>;
}
