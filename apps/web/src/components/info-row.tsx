import type { ReactNode } from 'react';

/**
 * One label and value of a record's details (inside a `<dl>`): `split` puts the value at the right
 * of its label; `stacked` puts it under the label on a phone and beside it from `sm` up.
 */
export function InfoRow({
  label,
  children,
  layout = 'split',
}: {
  label: string;
  children: ReactNode;
  layout?: 'split' | 'stacked';
}) {
  if (layout === 'stacked') {
    return (
      <div className="flex flex-col gap-0.5 border-b border-ink/5 py-2 last:border-0 sm:flex-row sm:gap-4">
        <dt className="text-sm text-ink/70 sm:w-44 sm:shrink-0">{label}</dt>
        <dd className="min-w-0 text-sm font-semibold break-words">{children}</dd>
      </div>
    );
  }
  return (
    <div className="flex items-start justify-between gap-3 border-b border-ink/10 py-2.5 last:border-0">
      <dt className="shrink-0 text-sm text-ink/70">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-semibold break-words">{children}</dd>
    </div>
  );
}
