import type { ReactNode } from 'react';

/**
 * One row of a console list as a card: a heading line (what it is and its badges), the facts below it,
 * and the row's actions beside them from `md` up (under them on a phone; nothing when there are none).
 */
export function ListCard({
  testId,
  heading,
  children,
  actions,
}: {
  testId: string;
  heading: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex-row md:items-start md:gap-6"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">{heading}</div>
        {children}
      </div>
      <div className="flex flex-wrap items-center gap-2 empty:hidden">{actions}</div>
    </li>
  );
}
