'use client';

import type { Me } from '@carabala/contracts';
import { createContext, useContext, type ComponentType, type ReactElement, type ReactNode } from 'react';

export interface LoginDialogProps {
  /** Renders the trigger; receives the function that opens the dialog. */
  trigger?: (open: () => void) => ReactElement;
  /** Open initially. */
  show?: boolean;
  onSuccess?: (user: Me) => void;
}

export interface LoginGateProps {
  children: ReactNode;
  /** The card's text instead of the default one. */
  text?: string;
}

export interface LinkedAccountsProps {
  tone?: 'light' | 'dark';
  /** Wraps each link/unlink button (the user menu makes them its items). */
  action?: (button: ReactElement) => ReactElement;
}

/** The parts of sign-in that the shell and other features show. */
export interface SignInParts {
  LoginDialog: ComponentType<LoginDialogProps>;
  LoginGate: ComponentType<LoginGateProps>;
  LinkedAccounts: ComponentType<LinkedAccountsProps>;
}

const Slot = createContext<SignInParts | null>(null);

/**
 * Sign-in lives in features/auth, which shared components and other features may not import: the
 * app's root layout fills this slot with its parts (features/auth/sign-in-provider.tsx), and these
 * stand-ins render them where they are used.
 */
export function SignInSlot({ parts, children }: { parts: SignInParts; children: ReactNode }) {
  return <Slot.Provider value={parts}>{children}</Slot.Provider>;
}

function useParts() {
  const parts = useContext(Slot);
  if (!parts) throw new Error('SignInSlot is missing: the root layout provides it');
  return parts;
}

/** A sign-in trigger and its dialog (features/auth/login-dialog.tsx). */
export function LoginDialog(props: LoginDialogProps) {
  const { LoginDialog: Part } = useParts();
  return <Part {...props} />;
}

/** The feature when signed in, otherwise a card asking to sign in (features/auth/login-gate.tsx). */
export function LoginGate(props: LoginGateProps) {
  const { LoginGate: Part } = useParts();
  return <Part {...props} />;
}

/** Link and unlink Google and Facebook (features/auth/linked-accounts.tsx). */
export function LinkedAccounts(props: LinkedAccountsProps) {
  const { LinkedAccounts: Part } = useParts();
  return <Part {...props} />;
}
