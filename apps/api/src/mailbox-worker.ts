import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { mailboxWorkerOptions } from './modules/mailbox/plugin';
import { createMailboxWorker } from './modules/mailbox/worker';
import { createBankFeedPull } from './modules/payments/bank-feed';
import { createPaymentsService } from './modules/payments/service';
import { createUploadCleanup } from './modules/uploads/cleanup';
import { imageStorage } from './modules/uploads/image-storage';

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
const worker = createMailboxWorker({ db: database.db, log, ...mailboxWorkerOptions(config) });
worker.start();
// Unattached ticket images go with the worker too (it needs the same UPLOAD_* / S3_* settings as the API).
const uploadCleanup = createUploadCleanup({
  db: database.db,
  storage: imageStorage(config),
  log,
  maxAgeHours: config.UPLOAD_UNATTACHED_HOURS,
});
uploadCleanup.start();
log.info({ target: config.GAME_MAILBOX_URL ?? 'embedded' }, 'mailbox worker started');
// The bank-feed pull runs beside the outbox (off without SEPAY_API_TOKEN).
const payments = createPaymentsService(database.db, config, () => worker.nudge());
const bankFeed = createBankFeedPull({ db: database.db, config, payments, log });
bankFeed.start();

const shutdown = async () => {
  await bankFeed.stop();
  await Promise.all([worker.stop(), uploadCleanup.stop()]);
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
