import type { ReactNode } from 'react';

/** The common frame of an inner page: a title band and a centred content column. */
export function PageShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <>
      <div data-print="hide" className="bg-gradient-to-b from-ink-soft to-royal px-6 py-10 text-center text-white">
        <h1 className="text-3xl font-black tracking-wide drop-shadow md:text-4xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-2 max-w-2xl text-white/80">{subtitle}</p>}
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 md:px-6">{children}</div>
    </>
  );
}
