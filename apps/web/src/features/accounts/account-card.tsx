import type { ReactNode } from 'react';

/** The white card the account pages (sign-up, verification, reset) hold their form or answer in. */
export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-lg rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 sm:p-8">
      {children}
    </section>
  );
}
