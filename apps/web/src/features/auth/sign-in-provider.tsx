'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { SignInSlot, type SignInParts } from '@/components/sign-in-slot';
import { LoginDialog } from './login-dialog';
import { LoginGate } from './login-gate';

const parts: SignInParts = {
  LoginDialog,
  LoginGate,
  // Shown only in the menus of a signed-in player: its calls and their schemas stay off the first load.
  LinkedAccounts: dynamic(() => import('./linked-accounts').then((module) => module.LinkedAccounts), { ssr: false }),
};

/** Hands sign-in's parts to the shell and the other features (components/sign-in-slot.tsx). */
export function SignInProvider({ children }: { children: ReactNode }) {
  return <SignInSlot parts={parts}>{children}</SignInSlot>;
}
