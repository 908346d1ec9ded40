import type { Config, Db, Logger } from './lib/deps';
import type { EventBus } from './lib/events';
import type { SharedRedis } from './lib/shared-redis';
import { webRevalidation } from './lib/web-revalidation';
import { createAlerts, type AnswerTotals } from './modules/alerts';
import { configuredPasswordHasher } from './modules/auth';
import { createCatalogueSchedule, packArtReferences } from './modules/catalogue';
import { createEmailOutbox, type EmailOutbox } from './modules/email';
import { createGameConnector, createGameItems } from './modules/game';
import { homeArtReferences, homeBoundaries } from './modules/home';
import { createMailboxService, createMailboxWorker } from './modules/mailbox';
import { newsArtReferences, scheduledNewsBoundaries } from './modules/news';
import { createOrdersService, orderArtReferences, paidOrdersForReceipts } from './modules/orders';
import { createBankFeedPull, createPaymentsService } from './modules/payments';
import { createPointsExpiry } from './modules/points';
import { createArtSweep, createUploadCleanup, imageStorage } from './modules/uploads';
import { createVipGifts } from './modules/vip';

/**
 * The background work of the money and the mailbox: the outbox worker, the payments service, the
 * bank-feed pull, the sweeps of unattached ticket images and of unused public pictures, and the
 * catalogue's schedule. The API builds them here (its process runs them unless MAILBOX_WORKER is off);
 * the standalone worker (mailbox-worker.ts) too. Where they run, they react to the domain events of
 * every process (decision record 051).
 */
export function createBackground({
  db,
  config,
  log,
  events,
  answerTotals,
  redis = null,
  runsBackground,
}: {
  db: Db;
  config: Config;
  log: Logger;
  /** The domain events: published by the payments and the worker, and reacted to here. */
  events: EventBus;
  /** An API process's answers, counted by the metrics plugin, for the alerts' error rule. */
  answerTotals?: AnswerTotals;
  /** Shared caches (the game's look-ups) when REDIS_URL is set. */
  redis?: SharedRedis | null;
  /**
   * Whether this process runs the background work (the worker, the schedule): then it reacts to mail
   * queued and content published, in every process, and tells the web. Only one kind of process does.
   */
  runsBackground: boolean;
}) {
  const passwords = configuredPasswordHasher(config);
  // The game's back end (GAME_API_URL, or the embedded account service): the mails and the players.
  const game = createGameConnector({ db, config, log, passwords, redis });
  const mailboxWorker = createMailboxWorker({
    db,
    log,
    game: game.backend,
    batchSize: config.MAILBOX_BATCH_SIZE,
    pollMs: config.MAILBOX_POLL_MS,
    maxAttempts: config.MAILBOX_MAX_ATTEMPTS,
    backoffBaseMs: config.MAILBOX_BACKOFF_BASE_MS,
    backoffMaxMs: config.MAILBOX_BACKOFF_MAX_MS,
    leaseSeconds: config.MAILBOX_LEASE_SECONDS,
    events,
  });
  const mailbox = createMailboxService({ db, events });
  const orders = createOrdersService({ db });
  // The e-mail outbox's worker and the receipts of paid orders (read through the orders module).
  const emails: EmailOutbox = createEmailOutbox({
    db,
    config,
    log,
    events,
    paidOrders: (which) => paidOrdersForReceipts(db, which),
  });
  const payments = createPaymentsService({
    db,
    config,
    events,
    mailDelivery: mailbox.deliveryOf,
    findOrder: orders.findOrder,
    players: game.players,
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
  const notifyWeb = webRevalidation({ urls: config.WEB_REVALIDATE_URLS, secret: config.REVALIDATE_SECRET, log });
  const catalogueSchedule = createCatalogueSchedule({
    db,
    log,
    notifyWeb,
    pollMs: config.CATALOGUE_SCHEDULE_POLL_MS,
    sources: [homeBoundaries, scheduledNewsBoundaries],
  });
  if (runsBackground) {
    // The outbox is read at once, not at its next poll.
    events.on('mail.queued', () => mailboxWorker.nudge());
    events.on('email.queued', () => emails.worker.nudge());
    // A paid order's receipts are queued at once; the receipts' sweep queues those whose event was lost.
    events.on('order.changed', async ({ orderId }) => {
      await emails.receipts.forOrder(orderId);
    });
    // Every web process rebuilds the pages of that content (the answer caches are emptied by their
    // routes, in every API process); a publication may bring a boundary nearer than the one the schedule
    // sleeps to.
    events.on('content.published', async ({ kind }) => {
      await notifyWeb([kind]);
    });
    events.on('content.published', () => catalogueSchedule.nudge());
  }
  // The copy of the game's items, read again every GAME_ITEMS_REFRESH_MS from the game's list (the
  // embedded game's, or the connected game's POST /items/list).
  const gameItems = createGameItems({
    db,
    log,
    source: () => game.backend.listItems(),
    everyMs: config.GAME_ITEMS_REFRESH_MS,
  });
  // Points that reach their expiry are written off in the ledger (decision record 060).
  const pointsExpiry = createPointsExpiry({ db, log });
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
  // The VIP tiers' monthly gifts (VIP_GIFT_POLL_MS): a round at start, then on a schedule.
  const vipGifts = createVipGifts({ db, log, everyMs: config.VIP_GIFT_POLL_MS });
  return {
    vipGifts,
    game,
    passwords,
    mailboxWorker,
    mailbox,
    emails,
    orders,
    payments,
    bankFeed,
    storage,
    uploadCleanup,
    artSweep,
    alerts,
    catalogueSchedule,
    gameItems,
    pointsExpiry,
  };
}
