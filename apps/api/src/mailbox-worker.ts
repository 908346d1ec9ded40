import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createEventBus } from './lib/events';
import { createSharedRedis } from './lib/shared-redis';
import { createBackground } from './background';

// The mailbox worker as its own process (set MAILBOX_WORKER=false on the API processes then).
// PGlite allows one process only, so this needs DATABASE_URL.
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL, name: 'mailbox-worker' });
if (!config.DATABASE_URL) {
  log.error('the standalone mailbox worker needs DATABASE_URL (PostgreSQL)');
  process.exit(1);
}
const database = openDatabase({ url: config.DATABASE_URL, poolSize: 4 });
await database.migrate();
// The same builders as the API's: the outbox, the payments the bank-feed pull credits through, and the
// sweeps of unattached ticket images and unused public pictures (they need the same UPLOAD_* / S3_*
// settings as the API). The bank-feed pull is off without SEPAY_API_TOKEN.
// The domain events go both ways through Redis (decision record 051): this process hears of mail
// queued and content published by the API processes, and they hear of its transfers and deliveries.
const redis = config.REDIS_URL ? createSharedRedis(config.REDIS_URL, log) : null;
const events = createEventBus({ redis, log });
await events.start();
const {
  mailboxWorker,
  emails,
  bankFeed,
  uploadCleanup,
  artSweep,
  pointsExpiry,
  alerts,
  catalogueSchedule,
  gameItems,
  vipGifts,
} = createBackground({
  db: database.db,
  config,
  log,
  events,
  redis,
  runsBackground: true,
});
mailboxWorker.start();
// The e-mail outbox (SMTP_URL) and the sweep of paid orders' receipts.
emails.worker.start();
emails.receipts.start();
uploadCleanup.start();
artSweep.start();
pointsExpiry.start();
// The alert rules run where the mailbox worker runs; it writes the worker's heartbeat too.
alerts.startEvaluator();
// The store pages revalidated at each window or sale boundary (WEB_REVALIDATE_URLS, REVALIDATE_SECRET).
catalogueSchedule.start();
// The copy of the game's items (GAME_ITEMS_REFRESH_MS): the console's picker and the API's checks read it.
gameItems.start();
// The VIP tiers' monthly gifts (VIP_GIFT_POLL_MS).
vipGifts.start();
log.info({ target: config.GAME_API_URL ?? 'embedded' }, 'mailbox worker started');
bankFeed.start();

const shutdown = async () => {
  await bankFeed.stop();
  await Promise.all([
    mailboxWorker.stop(),
    emails.worker.stop(),
    emails.receipts.stop(),
    uploadCleanup.stop(),
    artSweep.stop(),
    pointsExpiry.stop(),
    alerts.stop(),
    catalogueSchedule.stop(),
    gameItems.stop(),
    vipGifts.stop(),
  ]);
  await database.close();
  redis?.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
