'use client';

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** A figure drawn on a chart: bars or a line, on the left axis or (a second unit) the right one. */
export interface ChartSeries {
  key: string;
  label: string;
  kind: 'bar' | 'line';
  color: string;
  /** How the tooltip writes a value of this series. */
  format: (value: number) => string;
  axis?: 'right';
}

type Row = Record<string, string | number | null>;

/** 2026-11-23 → 23/11 on a day axis; any other category as it is. */
const dayTick = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value.slice(8)}/${value.slice(5, 7)}` : value;

/** 1,500,000 → 1.5tr, 49,000 → 49k: short ticks, the tooltip and the table give the exact figure. */
export function compactTick(value: number): string {
  const short = (n: number) => String(Math.round(n * 10) / 10);
  if (Math.abs(value) >= 1_000_000_000) return `${short(value / 1_000_000_000)}tỷ`;
  if (Math.abs(value) >= 1_000_000) return `${short(value / 1_000_000)}tr`;
  if (Math.abs(value) >= 1_000) return `${short(value / 1_000)}k`;
  return String(value);
}

/**
 * One of the analytics' charts (recharts, loaded only by the console's analytics page): rows by day
 * (or by category with `horizontal`, bars running sideways), each series as bars or a line.
 */
export default function AnalyticsChart({
  rows,
  category,
  series,
  horizontal = false,
}: {
  rows: Row[];
  category: string;
  series: ChartSeries[];
  horizontal?: boolean;
}) {
  const byKey = new Map(series.map((item) => [item.key, item]));
  const right = series.some((item) => item.axis === 'right');
  const height = horizontal ? Math.max(160, rows.length * 44 + 60) : 260;
  const valueAxis = { tickFormatter: compactTick, tick: { fontSize: 12 }, allowDecimals: false };
  const categoryAxis = { dataKey: category, tickFormatter: dayTick, tick: { fontSize: 12 } };
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={rows}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#1b114022" />
        {horizontal ? (
          <>
            <XAxis type="number" {...valueAxis} />
            <YAxis type="category" width={110} {...categoryAxis} />
          </>
        ) : (
          <>
            <XAxis {...categoryAxis} minTickGap={12} />
            <YAxis yAxisId="left" width={48} {...valueAxis} />
            {right && <YAxis yAxisId="right" orientation="right" width={40} {...valueAxis} />}
          </>
        )}
        <Tooltip
          labelFormatter={(label) => dayTick(String(label))}
          formatter={(value, _name, item) => {
            const shown = byKey.get(String(item.dataKey));
            return [shown ? shown.format(Number(value)) : String(value), shown?.label ?? String(item.dataKey)];
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((item) => {
          const axis = horizontal ? {} : { yAxisId: item.axis ?? 'left' };
          return item.kind === 'bar' ? (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.label}
              fill={item.color}
              radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              isAnimationActive={false}
              {...axis}
            />
          ) : (
            <Line
              key={item.key}
              dataKey={item.key}
              name={item.label}
              stroke={item.color}
              strokeWidth={2}
              dot={rows.length <= 31}
              connectNulls
              isAnimationActive={false}
              {...axis}
            />
          );
        })}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
