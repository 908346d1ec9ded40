'use client';

import { analyticsSchema, type AnalyticsMetric } from '@carabala/contracts';
import { api } from '@/lib/api-client';
import { useRead } from '@/lib/staff-query';

const range = (from: string, to: string) => `from=${from}&to=${to}`;

/** The analytics of a range of Vietnam days (yyyy-MM-dd, both included) beside the range before. */
export const useAnalytics = (from: string, to: string) =>
  useRead(['analytics', from, to], `/internal/analytics?${range(from, to)}`, analyticsSchema);

/** One chart's table as CSV, under the server's file name. */
export const downloadAnalyticsCsv = (metric: AnalyticsMetric, from: string, to: string) =>
  api.download(`/internal/analytics/export.csv?metric=${metric}&${range(from, to)}`);
