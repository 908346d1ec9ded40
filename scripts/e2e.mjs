import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { DEMO_FOOTER } from '../apps/web/settings.mjs';
import { createDatabase, dropDatabase } from './databases.mjs';
import { buildWebIfStale, freePort, root, startServers, waitFor } from './processes.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}.
Install Debian's Chromium headless shell (sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary.`);
  process.exit(1);
}

await buildWebIfStale();
const [apiPort, webPort] = [await freePort(), await freePort()];
const dataDir = mkdtempSync(join(tmpdir(), 'carabala-e2e-'));
// On PostgreSQL when there is one (CI): a database of its own for the run, dropped after. PGlite, one
// WebAssembly process answering one query at a time, made every browser wait on every other.
const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
const databaseName = `e2e_${randomBytes(4).toString('hex')}`;
const database = adminDatabaseUrl
  ? { DATABASE_URL: await createDatabase(adminDatabaseUrl, databaseName) }
  : { PGLITE_DIR: join(dataDir, 'db') };
// Stand-ins for Google (a real OpenID provider) and the Facebook Graph API, on 127.0.0.1.
const { startOidcStandIn } = await tsImport('../apps/api/test/stand-ins/oidc-provider.ts', import.meta.url);
const { startGraphStandIn } = await tsImport('../apps/api/test/stand-ins/graph-api.ts', import.meta.url);
const webUrl = `http://127.0.0.1:${webPort}`;
const oidc = await startOidcStandIn({ redirectUris: [`${webUrl}/auth/google`] });
const facebookApp = { appId: '700100200300', appSecret: 'e2e-facebook-app-secret' };
const graph = await startGraphStandIn(facebookApp);
const servers = startServers({
  apiPort,
  webPort,
  quiet: !process.env.E2E_VERBOSE,
  apiEnv: {
    ...database,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    // The demo's e-mails (no SMTP_URL) are written here, not to the repository's ./data/mail.
    MAIL_DIR: join(dataDir, 'mail'),
    JWT_SECRET_FILE: join(dataDir, 'jwt-secret'),
    LOG_LEVEL: 'warn',
    // The store specs use the demo transfer button.
    DEMO_MODE: 'true',
    LOGIN_FAILURES_PER_IP: '10000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // The web's proxy to the API keeps its connections without an idle limit of its own: one reused
    // just as the API closed it idle answered ECONNRESET ("Failed to proxy") on a slow CI machine. In
    // production nginx keeps them 3 s, below the API's 20 (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS).
    HTTP_IDLE_TIMEOUT_SECONDS: '600',
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '600',
    // e2e/security.spec.ts fills this from its own loopback address; the other tests guess far fewer.
    GIFT_CODE_FAILURES_PER_IP: '12',
    METRICS_TOKEN: 'e2e-metrics-token-0123456789',
    PUBLIC_WEB_URL: webUrl,
    GOOGLE_ISSUER: oidc.issuer,
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    FACEBOOK_APP_ID: facebookApp.appId,
    FACEBOOK_APP_SECRET: facebookApp.appSecret,
    FACEBOOK_GRAPH_URL: graph.url,
    // The ENTER_ID specs look receivers up from one address, as several players.
    USER_LOOKUPS_PER_IP: '10000',
    USER_LOOKUPS_PER_PLAYER: '1000',
    // The store specs find orders again by code from that one address too.
    ORDER_LOOKUPS_PER_IP: '1000',
    // The store specs order as guests from one address, many times for the same receivers.
    GUEST_ORDERS_PER_IP: '10000',
    GUEST_OPEN_ORDERS_PER_RECEIVER: '10000',
    // The demo's SMS (decision record 057): e2e/phone.spec.ts reads its codes from these files.
    SMS_FOLDER: join(dataDir, 'sms'),
    // e2e/health-board.spec.ts watches an alert start: the rules are evaluated every 2 s, not every minute.
    ALERT_EVALUATE_SECONDS: '2',
  },
  // The footer with the demo's publisher lines, as npm start shows it.
  webEnv: DEMO_FOOTER,
});

let code;
try {
  await waitFor(`http://127.0.0.1:${apiPort}/api/ready`, 120_000);
  await waitFor(`http://127.0.0.1:${webPort}/`, 120_000);
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          CHROMIUM_PATH: chromium,
          E2E_BASE_URL: `http://127.0.0.1:${webPort}`,
          E2E_API_URL: `http://127.0.0.1:${apiPort}`,
          E2E_OIDC_ISSUER: oidc.issuer,
          E2E_GRAPH_URL: graph.url,
          E2E_SMS_FOLDER: join(dataDir, 'sms'),
          // e2e/new-player.spec.ts reads its e-mails (.eml) from here, as a player reads their inbox.
          E2E_MAIL_DIR: join(dataDir, 'mail'),
        },
      },
    );
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
} finally {
  await servers.stop();
  await Promise.all([oidc.close(), graph.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  if (adminDatabaseUrl) await dropDatabase(adminDatabaseUrl, databaseName);
}
process.exit(code ?? 1);
