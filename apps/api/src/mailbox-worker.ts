import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { mailboxWorkerOptions } from './modules/mailbox/plugin';
import { createMailboxWorker } from './modules/mailbox/worker';
import { createBankFeedPull } from './modules/payments/bank-feed';
import { createPaymentsService } from './modules/payments/service';

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
log.info({ target: config.GAME_MAILBOX_URL ?? 'embedded' }, 'mailbox worker started');
// The bank-feed pull runs beside the outbox (off without SEPAY_API_TOKEN).
const payments = createPaymentsService(database.db, config, () => worker.nudge());
const bankFeed = createBankFeedPull({ db: database.db, config, payments, log });
bankFeed.start();

const shutdown = async () => {
  await bankFeed.stop();
  await worker.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
