import { healthBoardSchema } from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

export const alertRoutes = jsonRoutes(['internal'], (route, { alerts }, { app }) => {
  route('GET /internal/health-board', 'health.read', {
    summary:
      "The health board: each alert rule's state and reading, recent alerts, the bank feed, the mailbox, the probes",
    description:
      'Rules are evaluated by the mailbox worker every ALERT_EVALUATE_SECONDS; `firing` and `since` are their ' +
      'stored state, `detail` what they read now. The console reads it again every 15 seconds.',
    data: healthBoardSchema,
    handle: () =>
      alerts.healthBoard({
        database: () => app.database.ping(),
        redis: app.redis ? () => app.redis!.client.ping() : null,
        game: () => app.services.game.state(),
      }),
  });
});
