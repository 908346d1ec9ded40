import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { demoCredentialsRefusal, seedDemoData } from './db/seed';

const config = loadConfig();
const database = openDatabase({
  url: config.DATABASE_URL,
  pgliteDir: config.PGLITE_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
});
await database.migrate();
const app = await buildApp({ config, database });
if (config.DEMO_MODE) {
  if (await seedDemoData(database.db, config.JWT_SECRET)) app.log.info('demo data seeded');
} else {
  // The README publishes the demo accounts' passwords and TOTP secrets: outside demo mode an account
  // still using one is anyone's, so the API does not start on such a database (decision record 008).
  const refusal = await demoCredentialsRefusal(database.db, config.JWT_SECRET);
  if (refusal) {
    app.log.fatal({ accounts: refusal.accounts }, refusal.message);
    await app.close();
    process.exit(1);
  }
}

// SIGTERM (systemd, a rolling restart) drains before closing: new connections are refused, so nginx
// sends them to another process (safe even for a POST: nothing was sent); answers on connections
// already open say `Connection: close`; once nginx has closed the idle ones (its upstream
// keepalive_timeout is 3 s) the app closes. Dropping an idle keep-alive connection at once instead
// would race nginx reusing it, and nginx does not resend a POST that met a reset.
const DRAIN_MAX_MS = 8_000;

async function drain() {
  // Every answer from now on, whatever its route (a Fastify hook added here would not reach the routes
  // registered inside buildApp), closes its connection: Node writes `Connection: close` when the
  // response is not kept alive. Listening only from now on costs the requests before nothing.
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    response.shouldKeepAlive = false;
  });
  // Live order streams never end by themselves: end them now (the browser reconnects to another process).
  app.orderStreams.closeAll();
  // net.Server's close stops accepting without http.Server's dropping of idle connections.
  Server.prototype.close.call(app.server);
  const deadline = Date.now() + DRAIN_MAX_MS;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => app.server.getConnections((_error, count) => resolve(count)));
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), DRAIN_MAX_MS + 10_000);
  timer.unref();
  if (signal === 'SIGTERM') await drain();
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
// Every API process adds its answer counts to the shared rows the alerts read.
app.services.alerts.startActivity();
// The workers (outbox, bank-feed pull, image sweeps, alert rules, the catalogue's schedule) run here
// unless they run as their own process (npm run worker:mailbox).
if (config.MAILBOX_WORKER) {
  app.mailbox.start();
  app.services.emails.worker.start();
  app.services.emails.receipts.start();
  app.bankFeed.start();
  app.services.uploadCleanup.start();
  app.services.artSweep.start();
  app.services.pointsExpiry.start();
  app.services.alerts.startEvaluator();
  app.services.catalogueSchedule.start();
  app.services.gameItems.start();
  app.services.vipGifts.start();
}
