import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, Db, FailureCounter, Logger, SessionCache, TokenIssuer } from './lib/deps';
import { demoAccounts } from './db/seed/demo-accounts';
import { deriveKey } from './lib/keys';
import { createEventBus, type EventBus } from './lib/events';
import { createOrderStreams, type OrderStreams } from './lib/order-streams';
import type { AnswerTotals } from './modules/alerts';
import { createBackground } from './background';
import { createAnalyticsService } from './modules/analytics';
import { createGameService } from './modules/game';
import type { SharedRedis } from './lib/shared-redis';
import { createApprovalService } from './modules/approvals';
import { createCatalogueService, findProductTitles } from './modules/catalogue';
import { createPromotionsService, promotionStandingOf, quoteMomentAt } from './modules/promotions';
import { createPointsService, pointsAdjustApplier, publishedPointsRate } from './modules/points';
import { createHomeService } from './modules/home';
import {
  createAuthService,
  createDeviceSessionService,
  findLiveSession,
  revokeSessionsOf,
  signInsOf,
} from './modules/auth';
import { createNewDeviceNotice } from './modules/email';
import { claimsOf, createGiftCodeService, giftCodeLimits } from './modules/gift-codes';
import { recentMailsOf } from './modules/mailbox';
import { createNewsService } from './modules/news';
import { createNotificationsService } from './modules/notifications';
import { recentOrdersOf } from './modules/orders';
import { adminResetApplier, createSecondFactorService, secondFactorKey } from './modules/second-factor';
import { createGraphClient, createOidcClient, createSocialAuthService } from './modules/social-auth';
import { createStaffService } from './modules/staff';
import { createStoreService } from './modules/store';
import { answeredTicketsSince, countOpenTickets, createTicketService, recentTicketsOf } from './modules/tickets';
import { createImageUrlSigner, createUploadService } from './modules/uploads';
import { createUsersService, markNotificationsSeen, notificationsSeenAt } from './modules/users';
import { createVipService } from './modules/vip';
import { createAccountServices } from './services-accounts';

/** How many answered tickets a player's notifications read. */
const NOTIFICATION_LIMIT = 20;

export interface ServiceDeps {
  db: Db;
  config: Config;
  log: Logger;
  tokens: TokenIssuer;
  failures: FailureCounter;
  sessionCache: SessionCache;
  /** The domain events: what services publish after their commits, and what reacts to them. */
  events: EventBus;
  answerTotals?: AnswerTotals;
  redis?: SharedRedis | null;
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
  events,
  answerTotals,
  redis = null,
}: ServiceDeps) {
  const background = createBackground({
    db,
    config,
    log,
    events,
    answerTotals,
    redis,
    // This process runs the background work (the worker, the schedule) unless it runs as its own process.
    runsBackground: config.MAILBOX_WORKER,
  });
  const { game, passwords } = background;
  const {
    mailboxWorker,
    mailbox,
    emails,
    orders,
    payments,
    bankFeed,
    storage,
    uploadCleanup,
    artSweep,
    pointsExpiry,
    alerts,
    catalogueSchedule,
    gameItems,
    vipGifts,
  } = background;

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

  const { phone, accounts } = createAccountServices({
    db,
    log,
    config,
    passwords,
    failures,
    sessionCache,
    events,
    game,
  });

  const sessions = createDeviceSessionService({
    db,
    sessionCache,
    // A staff sign-in from a new device is told by e-mail too (the account's verified address).
    onNewDevice: createNewDeviceNotice({ db, log, events }),
  });
  const auth = createAuthService({
    db,
    passwords,
    game,
    tokens,
    failures,
    sessionCache,
    product: config.PRODUCT_NAME,
    limits: loginLimits,
    ttlDays: config.SESSION_TTL_DAYS,
    secondFactor,
    noteSignIn: sessions.noteSignIn,
    requirePhone: (userId, gate) => phone.requireVerified(userId, gate),
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
    reopenDays: config.TICKET_REOPEN_DAYS,
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

  const vip = createVipService({ db, productTitles: (ids) => findProductTitles(db, ids) });

  return {
    auth,
    accounts,
    secondFactor,
    vip,
    sessions,
    phone,
    socialAuth,
    users: createUsersService({ db, passwords }),
    staff,
    approvals: createApprovalService({
      db,
      appliers: {
        ...payments.approvalAppliers,
        'user.role_admin': staff.promotionApplier,
        'user.second_factor_reset': adminResetApplier({ sessionCache }),
        'points.adjust': pointsAdjustApplier,
      },
    }),
    notifications: createNotificationsService({
      paidOrdersSince: orders.paidOrdersSince,
      heldPaymentsSince: payments.heldPaymentsSince,
      refundsSince: payments.refundsSince,
      orderDeliveries: (orderIds) => mailbox.deliveriesOf('order', orderIds),
      answeredTicketsSince: (userId, since) => answeredTicketsSince(db, userId, since, NOTIFICATION_LIMIT),
      seenAt: (userId) => notificationsSeenAt(db, userId),
      markSeen: (userId) => markNotificationsSeen(db, userId),
    }),
    news: createNewsService({ db, events }),
    analytics: createAnalyticsService({ db }),
    uploads,
    imageUrls,
    tickets,
    giftCodes: createGiftCodeService({
      db,
      failures,
      limits: giftCodeLimits(config),
      players: game.players,
      events,
    }),
    store: createStoreService({
      db,
      config,
      findOrder: orders.findOrder,
      receipt: orders.receipt,
      heldMoney: payments.heldMoneyOf,
      failures,
      players: game.players,
      promotions: {
        momentAt: (at) => quoteMomentAt(db, at),
        standingOf: (receiverId, moment) => promotionStandingOf(db, receiverId, moment),
        pointsRate: () => publishedPointsRate(db),
      },
      requirePhone: (userId, receiverShortId) => phone.requireVerified(userId, 'buy', receiverShortId),
      tiers: vip.quoteInputs,
    }),
    catalogue: createCatalogueService({ db, events }),
    promotions: createPromotionsService({ db, productTitles: (ids) => findProductTitles(db, ids) }),
    points: createPointsService({ db }),
    home: createHomeService({ db, events }),
    catalogueSchedule,
    gameItems,
    vipGifts,
    uploadCleanup,
    artSweep,
    pointsExpiry,
    orders,
    payments,
    mailbox,
    mailboxWorker,
    emails,
    bankFeed,
    alerts,
    game,
    gameCallbacks: createGameService({
      db,
      log,
      config,
      players: game.players,
      mode: game.backend.mode,
      sessionCache,
      issueSession: auth.issueSession,
      revokeSessionsOf,
      tokens,
      findLiveSession: (sessionId) => findLiveSession(db, sessionId),
      phone,
    }),
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
    /** The domain events (decision record 051): routes subscribe their caches to them. */
    events: EventBus;
    /** The live order streams of this process; server.ts ends them when it drains. */
    orderStreams: OrderStreams;
  }
}

/** Builds the services from the plugins registered before it (database, throttle, auth). */
export const servicesPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const events = createEventBus({ redis: app.redis, log: app.log });
  await events.start();
  app.decorate('events', events);
  const orderStreams = createOrderStreams({
    events,
    log: app.log,
    limits: {
      total: config.ORDER_STREAMS_MAX,
      perAddress: config.ORDER_STREAMS_PER_ADDRESS,
      perOrder: config.ORDER_STREAMS_PER_ORDER,
    },
    // Below the idle timeout that would close a quiet connection.
    heartbeatMs: Math.min(20_000, config.HTTP_IDLE_TIMEOUT_SECONDS * 500),
  });
  app.decorate('orderStreams', orderStreams);
  const services = createServices({
    db: app.db,
    config,
    log: app.log,
    tokens: app.tokens,
    failures: app.failures,
    sessionCache: app.sessionCache,
    events,
    answerTotals: app.answerTotals,
    redis: app.redis,
  });
  services.alerts.registerMetrics(app.metrics);
  services.game.metrics.register(app.metrics);
  app.decorate('services', services);
  app.decorate('mailbox', services.mailboxWorker);
  app.decorate('bankFeed', services.bankFeed);
  // preClose runs before any onClose hook, so the work in flight finishes before the database closes.
  app.addHook('preClose', async () => {
    orderStreams.closeAll();
    await Promise.all([
      services.bankFeed.stop(),
      services.mailboxWorker.stop(),
      services.emails.worker.stop(),
      services.emails.receipts.stop(),
      services.alerts.stop(),
      services.catalogueSchedule.stop(),
      services.gameItems.stop(),
      services.vipGifts.stop(),
      services.uploadCleanup.stop(),
      services.artSweep.stop(),
      services.pointsExpiry.stop(),
    ]);
  });
});
