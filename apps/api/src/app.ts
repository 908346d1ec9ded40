import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { dbPlugin } from './db/plugin';
import { deriveKey } from './lib/keys';
import { serializerCompiler } from './lib/serializer';
import { accountRoutes } from './modules/accounts';
import { alertRoutes } from './modules/alerts';
import { analyticsRoutes } from './modules/analytics';
import { approvalRoutes } from './modules/approvals';
import { authRoutes, findSessionUser, sessionRoutes, touchSessions } from './modules/auth';
import { catalogueRoutes } from './modules/catalogue';
import { promotionsRoutes } from './modules/promotions';
import { vipRoutes } from './modules/vip';
import { pointsRoutes, pointsStaffRoutes } from './modules/points';
import { homeRoutes } from './modules/home';
import { gameItemsRoutes, gameRoutes } from './modules/game';
import { giftCodeRoutes } from './modules/gift-codes';
import { healthRoutes } from './modules/health';
import { mailboxRoutes } from './modules/mailbox';
import { emailRoutes } from './modules/email';
import { newsRoutes } from './modules/news';
import { notificationRoutes } from './modules/notifications';
import { paymentsRoutes } from './modules/payments';
import { phoneRoutes } from './modules/phone';
import { previewRoutes } from './modules/preview';
import { secondFactorRoutes } from './modules/second-factor';
import { socialAuthRoutes } from './modules/social-auth';
import { staffRoutes } from './modules/staff';
import { storeRoutes } from './modules/store';
import { ticketRoutes } from './modules/tickets';
import { uploadRoutes } from './modules/uploads';
import { userRoutes } from './modules/users';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { loggerOptions } from './plugins/logging';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestIdOptions } from './plugins/request-id';
import { securityHeadersPlugin } from './plugins/security-headers';
import { throttlePlugin } from './plugins/throttle';
import { validatorCompiler } from './plugins/validation';
import { servicesPlugin } from './services';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Close the database with the app (the server does; tests that share a database do not). */
  ownsDatabase?: boolean;
}

export async function buildApp({ config, database, ownsDatabase = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config.LOG_LEVEL),
    ...requestIdOptions,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors,
    // On SIGTERM a request that still arrives on an open keep-alive connection is served (with
    // Connection: close), not refused with 503: nginx would not resend a POST, so a rolling restart
    // would fail it.
    return503OnClosing: false,
    // A silent connection, slow headers and a slow request are closed here, below nginx's timeouts;
    // an idle kept-alive connection outlives nginx's own (3 s), so nginx closes it first (decision 027).
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    http: { headersTimeout: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin, { brand: config.BRAND_NAME });
  await app.register(dbPlugin, { database, closeOnShutdown: ownsDatabase });
  await app.register(throttlePlugin, { redisUrl: config.REDIS_URL });
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin, { max: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000, redis: app.redis });
  await app.register(metricsPlugin, {
    collectProcessMetrics: config.NODE_ENV !== 'test',
    slowRequestMs: config.SLOW_REQUEST_MS,
    token: config.METRICS_TOKEN,
  });
  await app.register(docsPlugin, {
    brand: config.BRAND_NAME,
    publicUrl: config.PUBLIC_WEB_URL,
    access: config.API_DOCS,
  });
  await app.register(authPlugin, {
    key: deriveKey(config.JWT_SECRET, 'session'),
    ttlDays: config.SESSION_TTL_DAYS,
    cacheSeconds: config.SESSION_CACHE_SECONDS,
    sessions: { findSessionUser, touchSessions },
  });
  await app.register(servicesPlugin, { config });

  await app.register(
    async (api) => {
      const modules = [
        healthRoutes,
        authRoutes,
        accountRoutes,
        secondFactorRoutes,
        sessionRoutes,
        phoneRoutes,
        userRoutes,
        notificationRoutes,
        newsRoutes,
        socialAuthRoutes,
        uploadRoutes,
        ticketRoutes,
        staffRoutes,
        approvalRoutes,
        giftCodeRoutes,
        storeRoutes,
        catalogueRoutes,
        promotionsRoutes,
        vipRoutes,
        pointsRoutes,
        pointsStaffRoutes,
        homeRoutes,
        previewRoutes,
        paymentsRoutes,
        analyticsRoutes,
        mailboxRoutes,
        emailRoutes,
        alertRoutes,
        gameItemsRoutes,
        gameRoutes,
      ];
      for (const routes of modules) await api.register(routes, { config });
    },
    { prefix: '/api' },
  );
  return app;
}
