// Operator alerts (issue 27): the rules the worker evaluates and sends to chat (Telegram, Slack, Discord, a
// JSON webhook) once when they start and once when they end, the counts the API processes share, the
// gauges of /api/metrics and the staff's health board.
export { alertRoutes } from './routes';
export { createAlerts, type AlertsDeps, type AlertsService } from './service';
export type { AnswerTotals } from './activity';
