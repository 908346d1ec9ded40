import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, Db, FailureCounter, Logger, SessionCache, TokenIssuer } from './lib/deps';
import { demoAccounts } from './db/seed/demo-accounts';
import { deriveKey } from './lib/keys';
import { webRevalidation } from './lib/web-revalidation';
import { createOrderEvents, type OrderEvents } from './lib/order-events';
import { createAlerts, type AnswerTotals } from './modules/alerts';
import { createAnalyticsService } from './modules/analytics';
import { createApprovalService } from './modules/approvals';
import { createCatalogueSchedule, createCatalogueService, packArtReferences } from './modules/catalogue';
import { createPromotionsService } from './modules/promotions';
import { createHomeService, homeArtReferences, homeBoundaries } from './modules/home';
import { configuredPasswordHasher, createAuthService, createDeviceSessionService, signInsOf } from './modules/auth';
import { claimsOf, createGiftCodeService, giftCodeLimits } from './modules/gift-codes';
import { createMailboxService, createMailboxWorker, recentMailsOf } from './modules/mailbox';
import { createNewsService, newsArtReferences, scheduledNewsBoundaries } from './modules/news';
import { createNotificationsService } from './modules/notifications';
import { createOrdersService, orderArtReferences, recentOrdersOf } from './modules/orders';
import { createBankFeedPull, createPaymentsService } from './modules/payments';
import { createEmbeddedPlayers } from './modules/game';
import { adminResetApplier, createSecondFactorService, secondFactorKey } from './modules/second-factor';
import { createGraphClient, createOidcClient, createSocialAuthService } from './modules/social-auth';
import { createStaffService } from './modules/staff';
import { createStoreService } from './modules/store';
import { answeredTicketsSince, countOpenTickets, createTicketService, recentTicketsOf } from './modules/tickets';
import {
  createArtSweep,
  createImageUrlSigner,
  createUploadCleanup,
  createUploadService,
  imageStorage,
} from './modules/uploads';
import { createUsersService, markNotificationsSeen, notificationsSeenAt } from './modules/users';

/** How many answered tickets a player's notifications read. */
const NOTIFICATION_LIMIT = 20;

/**
 * The background work of the money and the mailbox: the outbox worker, the payments service that
 * nudges it, the bank-feed pull, the sweeps of unattached ticket images and of unused public pictures,
 * and the catalogue's schedule. The API builds them here (its
 * process runs them unless MAILBOX_WORKER is off); the standalone worker (mailbox-worker.ts) too.
 */
export function createBackground({
  db,
  config,
  log,
  orderEvents,
  answerTotals,
}: {
  db: Db;
  config: Config;
  log: Logger;
  /** Where the news that an order's money changed goes (the live transfer panels). */
  orderEvents: Pick<OrderEvents, 'publish'>;
  /** An API process's answers, counted by the metrics plugin, for the alerts' error rule. */
  answerTotals?: AnswerTotals;
}) {
  const mailboxWorker = createMailboxWorker({
    db,
    log,
    url: config.GAME_MAILBOX_URL,
    secret: config.GAME_MAILBOX_SECRET,
    batchSize: config.MAILBOX_BATCH_SIZE,
    pollMs: config.MAILBOX_POLL_MS,
    maxAttempts: config.MAILBOX_MAX_ATTEMPTS,
    backoffBaseMs: config.MAILBOX_BACKOFF_BASE_MS,
    backoffMaxMs: config.MAILBOX_BACKOFF_MAX_MS,
    leaseSeconds: config.MAILBOX_LEASE_SECONDS,
    timeoutMs: config.MAILBOX_TIMEOUT_MS,
  });
  const nudgeMailbox = () => mailboxWorker.nudge();
  // Who a User ID names, with their servers and characters: the embedded game's players.
  const players = createEmbeddedPlayers(db);
  const mailbox = createMailboxService({ db, onRequeued: nudgeMailbox });
  const orders = createOrdersService({ db });
  const payments = createPaymentsService({
    db,
    config,
    onMailQueued: nudgeMailbox,
    onOrderChanged: (orderId) => {
      orderEvents.publish(orderId).catch((error: unknown) => log.warn({ err: error }, 'order event not published'));
    },
    mailDelivery: mailbox.deliveryOf,
    findOrder: orders.findOrder,
    players,
  });
  const bankFeed = createBankFeedPull({ db, config, payments, log });
  const storage = imageStorage(config);
  const uploadCleanup = createUploadCleanup({ db, storage, log, maxAgeHours: config.UPLOAD_UNATTACHED_HOURS });
  const artSweep = createArtSweep({
    db,
    storage,
    log,
    graceHours: config.UPLOAD_UNUSED_ART_HOURS,
    references: [packArtReferences, orderArtReferences, homeArtReferences, newsArtReferences],
  });
  const catalogueSchedule = createCatalogueSchedule({
    db,
    log,
    notifyWeb: webRevalidation({ urls: config.WEB_REVALIDATE_URLS, secret: config.REVALIDATE_SECRET, log }),
    pollMs: config.CATALOGUE_SCHEDULE_POLL_MS,
    sources: [homeBoundaries, scheduledNewsBoundaries],
  });
  const alerts = createAlerts({
    db,
    config,
    log,
    sources: {
      bankFeed: payments.bankFeedHealth,
      ordersAwaitingPayment: orders.awaitingPayment,
      mailQueue: mailbox.queueHealth,
    },
    pull: { enabled: bankFeed.enabled, everyMinutes: bankFeed.everyMinutes },
    workerRoundAt: mailboxWorker.lastRoundAt,
    answers: answerTotals,
  });
  return {
    mailboxWorker,
    mailbox,
    players,
    orders,
    payments,
    bankFeed,
    storage,
    uploadCleanup,
    artSweep,
    alerts,
    catalogueSchedule,
  };
}

export interface ServiceDeps {
  db: Db;
  config: Config;
  log: Logger;
  tokens: TokenIssuer;
  failures: FailureCounter;
  sessionCache: SessionCache;
  orderEvents: OrderEvents;
  answerTotals?: AnswerTotals;
}

/**
 * The composition root: every module's service, built once when the app starts, each from a plain
 * object of what it needs. Routes take their service from `app.services`; nothing else builds one.
 */
export function createServices({
  db,
  config,
  log,
  tokens,
  failures,
  sessionCache,
  orderEvents,
  answerTotals,
}: ServiceDeps) {
  const { mailboxWorker, mailbox, players, orders, payments, bankFeed, storage, artSweep, alerts, catalogueSchedule } =
    createBackground({
      db,
      config,
      log,
      orderEvents,
      answerTotals,
    });

  const loginLimits = {
    perAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
    perIp: config.LOGIN_FAILURES_PER_IP,
    windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
  };
  const secondFactor = createSecondFactorService({
    db,
    failures,
    sessionCache,
    key: secondFactorKey(config.JWT_SECRET),
    issuer: config.BRAND_NAME,
    limits: loginLimits,
    // The demo accounts' TOTP secrets are published in the README: production never accepts them.
    refusedSecrets: new Set(
      config.NODE_ENV === 'production' ? demoAccounts.flatMap((account) => account.totp ?? []) : [],
    ),
  });

  const passwords = configuredPasswordHasher(config);
  const sessions = createDeviceSessionService({ db, sessionCache });
  const auth = createAuthService({
    db,
    passwords,
    tokens,
    failures,
    sessionCache,
    product: config.PRODUCT_NAME,
    limits: loginLimits,
    ttlDays: config.SESSION_TTL_DAYS,
    secondFactor,
    noteSignIn: sessions.noteSignIn,
  });

  const socialAuth = createSocialAuthService({
    db,
    log,
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            clientId: config.GOOGLE_CLIENT_ID,
            client: createOidcClient({
              issuer: config.GOOGLE_ISSUER,
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
            }),
          }
        : null,
    facebook:
      config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
        ? {
            appId: config.FACEBOOK_APP_ID,
            client: createGraphClient({
              baseUrl: config.FACEBOOK_GRAPH_URL,
              appId: config.FACEBOOK_APP_ID,
              appSecret: config.FACEBOOK_APP_SECRET,
            }),
          }
        : null,
    publicWebUrl: config.PUBLIC_WEB_URL,
    issueSession: auth.issueSession,
    checkPassword: auth.checkPassword,
    linkKey: deriveKey(config.JWT_SECRET, 'account-link'),
  });

  const imageUrls = createImageUrlSigner(
    deriveKey(config.JWT_SECRET, 'ticket-image-url'),
    config.UPLOAD_URL_TTL_SECONDS,
  );
  const uploads = createUploadService({
    db,
    log,
    storage,
    failures,
    limits: {
      maxPixels: config.UPLOAD_MAX_PIXELS,
      maxAnimatedPixels: config.UPLOAD_MAX_ANIMATED_PIXELS,
      perWindow: config.UPLOADS_PER_WINDOW,
      windowSeconds: config.TICKET_WINDOW_SECONDS,
    },
  });
  const tickets = createTicketService({
    db,
    failures,
    limits: { perWindow: config.TICKETS_PER_WINDOW, windowSeconds: config.TICKET_WINDOW_SECONDS },
    imageUrls,
    ownedUploadNames: uploads.ownedNames,
    removeImages: uploads.removeImages,
  });

  const staff = createStaffService({
    db,
    sessionCache,
    moneyFigures: payments.moneyFigures,
    countDeadMails: mailbox.countDead,
    countOpenTickets: () => countOpenTickets(db),
    playerRecords: {
      orders: (userId, limit) => recentOrdersOf(db, userId, limit),
      tickets: (userId, limit) => recentTicketsOf(db, userId, limit),
      giftCodes: (userId, limit) => claimsOf(db, userId, limit),
      mails: (userId, limit) => recentMailsOf(db, userId, limit),
      signIns: (userId) => signInsOf(db, userId),
    },
  });

  return {
    auth,
    secondFactor,
    sessions,
    socialAuth,
    users: createUsersService({ db, passwords }),
    staff,
    approvals: createApprovalService({
      db,
      appliers: {
        ...payments.approvalAppliers,
        'user.role_admin': staff.promotionApplier,
        'user.second_factor_reset': adminResetApplier({ sessionCache }),
      },
    }),
    notifications: createNotificationsService({
      paidOrdersSince: orders.paidOrdersSince,
      heldPaymentsSince: payments.heldPaymentsSince,
      answeredTicketsSince: (userId, since) => answeredTicketsSince(db, userId, since, NOTIFICATION_LIMIT),
      seenAt: (userId) => notificationsSeenAt(db, userId),
      markSeen: (userId) => markNotificationsSeen(db, userId),
    }),
    news: createNewsService({ db }),
    analytics: createAnalyticsService({ db }),
    uploads,
    imageUrls,
    tickets,
    giftCodes: createGiftCodeService({ db, failures, limits: giftCodeLimits(config), players }),
    store: createStoreService({ db, config, findOrder: orders.findOrder, failures, players }),
    catalogue: createCatalogueService({ db }),
    promotions: createPromotionsService({ db }),
    home: createHomeService({ db }),
    catalogueSchedule,
    artSweep,
    orders,
    payments,
    mailbox,
    mailboxWorker,
    bankFeed,
    alerts,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The outbox worker; server.ts starts it unless it runs as its own process. */
    mailbox: Services['mailboxWorker'];
    /** The bank-feed pull; server.ts starts it with the in-process worker. */
    bankFeed: Services['bankFeed'];
    /** The live order streams of this process; server.ts ends them when it drains. */
    orderEvents: OrderEvents;
  }
}

/** Builds the services from the plugins registered before it (database, throttle, auth). */
export const servicesPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const orderEvents = createOrderEvents({
    redis: app.redis,
    log: app.log,
    limits: {
      total: config.ORDER_STREAMS_MAX,
      perAddress: config.ORDER_STREAMS_PER_ADDRESS,
      perOrder: config.ORDER_STREAMS_PER_ORDER,
    },
    // Below the idle timeout that would close a quiet connection.
    heartbeatMs: Math.min(20_000, config.HTTP_IDLE_TIMEOUT_SECONDS * 500),
  });
  await orderEvents.start();
  app.decorate('orderEvents', orderEvents);
  const services = createServices({
    db: app.db,
    config,
    log: app.log,
    tokens: app.tokens,
    failures: app.failures,
    sessionCache: app.sessionCache,
    orderEvents,
    answerTotals: app.answerTotals,
  });
  services.alerts.registerMetrics(app.metrics);
  app.decorate('services', services);
  app.decorate('mailbox', services.mailboxWorker);
  app.decorate('bankFeed', services.bankFeed);
  // preClose runs before any onClose hook, so the work in flight finishes before the database closes.
  app.addHook('preClose', async () => {
    orderEvents.closeAll();
    await Promise.all([
      services.bankFeed.stop(),
      services.mailboxWorker.stop(),
      services.alerts.stop(),
      services.catalogueSchedule.stop(),
      services.artSweep.stop(),
    ]);
  });
});
