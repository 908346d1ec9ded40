import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { createUploadCleanup } from './modules/uploads/cleanup';
import { imageStorage } from './modules/uploads/image-storage';

const config = loadConfig();
const database = openDatabase({
  url: config.DATABASE_URL,
  pgliteDir: config.PGLITE_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
});
await database.migrate();
const app = await buildApp({ config, database });
const uploadCleanup = createUploadCleanup({
  db: database.db,
  storage: imageStorage(config),
  log: app.log,
  maxAgeHours: config.UPLOAD_UNATTACHED_HOURS,
});
app.addHook('preClose', () => uploadCleanup.stop());
if (config.seedDemo && (await seedDemoData(database.db))) app.log.info('demo data seeded');

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
// The workers (outbox, bank-feed pull, image cleanup) run here unless they run as their own process (npm run worker:mailbox).
if (config.MAILBOX_WORKER) {
  app.mailbox.start();
  app.bankFeed.start();
  uploadCleanup.start();
}
