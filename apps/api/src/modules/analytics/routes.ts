import { analyticsExportQuerySchema, analyticsQuerySchema, analyticsSchema } from '@carabala/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonRoutes } from '../../lib/routes';
import { analyticsFileNames } from './csv';

/** The console's analytics and their CSVs: staff who read the daily reports (finance, admin). */
export const analyticsRoutes = jsonRoutes(['internal'], (route, { analytics }, { app }) => {
  route('GET /internal/analytics', 'reports.read', {
    summary: 'Revenue, paying players, orders to payment, packs, gift codes and tickets for a range of Vietnam days',
    description:
      'Each figure per day and for the range, beside the range of the same length before it. Revenue is the daily ' +
      "report's credited money (bank money credited to orders), in dong.",
    querystring: analyticsQuerySchema,
    data: analyticsSchema,
    handle: (request) => analytics.analytics(request.query),
  });

  // CSV, not the JSON envelope: the browser saves the body as a file.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/internal/analytics/export.csv',
    {
      onRequest: app.requirePermission('reports.read'),
      schema: {
        tags: ['internal'],
        summary: "One analytics chart's table as CSV, with the totals of the range and of the range before",
        querystring: analyticsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { metric, from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${analyticsFileNames[metric]}-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(await analytics.exportCsv(request.query));
    },
  );
});
