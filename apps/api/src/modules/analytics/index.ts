// Analytics for the staff console: figures over a range of Vietnam days, read from the relations the
// owning modules give (payments' `revenueLines`, the one revenue; orders, gift codes, tickets).
export { analyticsRoutes } from './routes';
export { createAnalyticsService, type AnalyticsService } from './service';
