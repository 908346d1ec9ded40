import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { meSchema, type Me } from '@carabala/contracts';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type Options as UserOptions, type UserEvent } from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import { Providers } from '@/components/providers';
import { SignInProvider } from '@/features/auth/sign-in-provider';
import { tokenStore } from '@/lib/storage';
// The simulated DOM's shims and the clean-up after each test.
import './dom';

const folder = join(import.meta.dirname, '../../messages/vi');

/** Every namespace of messages/vi, as the server hands them to a page: the words the player reads. */
export const viMessages = Object.fromEntries(
  readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(join(folder, name), 'utf8')) as object]),
);

/** A signed-in player, as GET /api/me answers. */
export const player: Me = meSchema.parse({
  id: 'u-1',
  shortId: '1234567',
  displayName: 'Lan Anh',
  avatar: null,
  role: 'player',
});

/**
 * Renders `ui` as the root layout does: next-intl with the real Vietnamese messages, the app's
 * providers (query client, toasts, the 401 handler) and sign-in's parts. `signedIn` stores a session
 * as sign-in does; the test then answers GET /me.
 */
export function renderPage(
  ui: ReactElement,
  { signedIn, userOptions }: { signedIn?: Me; userOptions?: UserOptions } = {},
): RenderResult & { user: UserEvent } {
  if (signedIn) tokenStore.save('token-of-test', signedIn);
  // No pause between keystrokes: the forms react to each one all the same, and the suite stays fast.
  const user = userEvent.setup({ delay: null, ...userOptions });
  const result = render(
    <NextIntlClientProvider locale="vi" messages={viMessages} timeZone="Asia/Ho_Chi_Minh">
      <Providers>
        <SignInProvider>{ui}</SignInProvider>
      </Providers>
    </NextIntlClientProvider>,
  );
  return { ...result, user };
}

/** The error said under a form control: the element its aria-describedby names, when the control is invalid. */
export function fieldError(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
}
