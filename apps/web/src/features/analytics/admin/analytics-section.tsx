'use client';

import type { AnalyticsMetric } from '@carabala/contracts';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { ComponentProps, ReactNode } from 'react';
import { ExportButton } from '@/components/export-button';
import { buttonClass } from '@/components/ui/button';
import { downloadAnalyticsCsv } from '../api/staff';

/** recharts comes with the first chart, in a chunk of its own: no other page loads it. */
const AnalyticsChart = dynamic(() => import('./analytics-chart'), {
  ssr: false,
  loading: () => <div className="h-[260px] animate-pulse rounded-xl bg-ink/5" />,
});

export type ChartProps = ComponentProps<typeof AnalyticsChart>;

export interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  /** Figures are right-aligned; the first column (the day, the pack) is not. */
  text?: boolean;
}

/**
 * One chart of the analytics: its title and CSV, the chart, and the table behind it (folded, so the
 * page stays short on a phone) with the whole range's row last.
 */
export function AnalyticsSection<R>({
  metric,
  title,
  note,
  range,
  chart,
  columns,
  rows,
  total,
  empty,
}: {
  metric: AnalyticsMetric;
  title: string;
  note?: string;
  range: { from: string; to: string };
  chart: ChartProps;
  columns: Column<R>[];
  rows: R[];
  /** The whole range's cells, one per column. */
  total?: ReactNode[];
  /** Shown instead of the chart and the table when there are no rows. */
  empty?: string;
}) {
  const t = useTranslations('adminAnalytics');
  const id = `analytics-${metric}`;
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-black">
            {title}
          </h2>
          {note && <p className="text-sm text-ink/70">{note}</p>}
        </div>
        <ExportButton
          download={() => downloadAnalyticsCsv(metric, range.from, range.to)}
          done={(filename) => t('exported', { filename })}
          className={buttonClass('outline', 'px-4 py-1.5')}
        >
          {t('export')}
          <span className="sr-only">: {title}</span>
        </ExportButton>
      </div>
      {empty && rows.length === 0 ? (
        <p className="mt-4 text-center text-ink/60">{empty}</p>
      ) : (
        <>
          <figure className="mt-3" data-testid={`${id}-chart`}>
            <figcaption className="sr-only">{t('chartLabel', { title })}</figcaption>
            <AnalyticsChart {...chart} />
          </figure>
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-semibold text-royal">{t('table')}</summary>
            <div className="mt-2 overflow-x-auto">
              <table data-testid={`${id}-table`} className="w-full text-sm">
                <thead>
                  <tr className="border-b border-ink/10 text-ink/60">
                    {columns.map((column) => (
                      <th
                        key={column.label}
                        scope="col"
                        className={`px-2 py-1 font-semibold whitespace-nowrap ${column.text ? 'text-left' : 'text-right'}`}
                      >
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={index} className="border-b border-ink/5">
                      {columns.map((column) => (
                        <td
                          key={column.label}
                          className={`px-2 py-1 whitespace-nowrap ${column.text ? 'text-left' : 'text-right tabular-nums'}`}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                {total && (
                  <tfoot>
                    <tr className="font-bold">
                      {total.map((cell, index) => (
                        <td
                          key={columns[index]?.label ?? index}
                          className={`px-2 py-1 whitespace-nowrap ${columns[index]?.text ? 'text-left' : 'text-right tabular-nums'}`}
                        >
                          {cell}
                        </td>
                      ))}
                    </tr>
                  </tfoot>
                )}
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
