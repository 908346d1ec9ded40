#!/usr/bin/env node
// The production smoke suite: the topology of deploy/ (nginx, two API processes, one mailbox worker,
// two web processes; NODE_ENV=production, generated secrets, a fresh PostgreSQL database and Redis),
// driven through nginx as players, staff, the bank feed and the game server would.
//
//   TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379/4 \
//     npm run test:production
//
// Needs Debian's nginx (/usr/sbin/nginx or NGINX_PATH). Without TEST_DATABASE_URL and TEST_REDIS_URL
// it says so and does nothing: the topology is PostgreSQL and Redis by definition.
//
// This file starts the topology and runs the checks in order; the checks themselves are in
// production/edge-checks.mjs, page-cache-checks.mjs, delivery-checks.mjs, staff-checks.mjs, restart-checks.mjs,
// alert-checks.mjs and backup-checks.mjs, each a function of the suite below. PRODUCTION_CHECKS=<regular
// expression> runs only the checks whose names match it (the backup check wants the upload, purchase and
// claim checks).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { feedSilenceAlertsTelegram, startTelegram } from './production/alert-checks.mjs';
import { backupRestoresTheMoney } from './production/backup-checks.mjs';
import { checkRunner } from './production/checks.mjs';
import { topologyClients } from './production/clients.mjs';
import { concurrentClaimsExact, purchaseDeliveredOnce } from './production/delivery-checks.mjs';
import { gameAwayLosesNothing, gameLinkSignsInOnce, gamePlayerBuysForFriend } from './production/game-checks.mjs';
import {
  cachesAndCompresses,
  forwardedForReplaced,
  internalsUnreachable,
  routesByPath,
  uploadSizes,
} from './production/edge-checks.mjs';
import { pagesKeptByKey, publicationVisibleThroughCache, setCookieNeverKept } from './production/page-cache-checks.mjs';
import { apiKilledUnderLoad, rollingRestartUnderLoad } from './production/restart-checks.mjs';
import { startSite } from './production/site.mjs';
import { approvalAcrossProcesses, roleChangeAcrossProcesses } from './production/staff-checks.mjs';
import { createBankFeed } from './production/stand-ins.mjs';
import { nginxBinary } from './production/topology.mjs';

const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminDatabaseUrl || !redisUrl) {
  console.log('Production smoke suite not run: it needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).');
  process.exit(0);
}
if (!existsSync(nginxBinary)) {
  console.error(`nginx was not found at ${nginxBinary}.
Install Debian's nginx (sudo apt-get install -y nginx) or set NGINX_PATH to an nginx binary.`);
  process.exit(1);
}

const { check, anyFailed, summarize } = checkRunner();
const BANK_ACCOUNT = '0123456789';
// The operators' chat: every process sends its alerts to a Telegram stand-in (with short alert times).
const { telegram, apiEnv: alertEnv } = await startTelegram();
const { secrets, game, topology } = await startSite({
  adminDatabaseUrl,
  redisUrl,
  // Every request of this suite comes from one address; a real site sees many.
  apiEnv: {
    RATE_LIMIT_PER_MINUTE: '1000000',
    // The load's buyers are guests at one address, ordering again and again for the same receivers.
    GUEST_ORDERS_PER_IP: '1000000',
    GUEST_OPEN_ORDERS_PER_RECEIVER: '1000000',
    BANK_ACCOUNT_NUMBER: BANK_ACCOUNT,
    ...alertEnv,
  },
}).catch(async (error) => {
  await telegram.close();
  throw error;
});
const site = topology.siteUrl;
const [api1, api2] = topology.apis;
const sql = new pg.Pool({ connectionString: topology.databaseUrl, max: 4 });
const feed = createBankFeed({
  webhookUrl: `${site}/api/webhooks/sepay`,
  apiKey: secrets.sepay,
  accountNumber: BANK_ACCOUNT,
});
const { cli, signIn, stepUp, createPlayers } = topologyClients({ topology, sql, jwtSecret: secrets.jwt, game });

console.log(
  `Production smoke suite: nginx ${site}, API ${api1.url} and ${api2.url}, web ${topology.webs.map((web) => web.url).join(' and ')}`,
);

// The operator's first steps: an admin from the command line, then everything else through the site.
const adminPassword = randomBytes(18).toString('base64');
const staffPassword = randomBytes(18).toString('base64');
await cli(
  ['create-account', '--username', 'operator.admin', '--role', 'admin', '--display-name', 'Quản trị'],
  adminPassword,
);
const staffMember = await cli(['create-account', '--username', 'support.one', '--role', 'support'], staffPassword);

/** What every check is given: the running site, its stand-ins, and the operator's and players' clients. */
const suite = {
  site,
  topology,
  api1,
  api2,
  secrets,
  sql,
  game,
  feed,
  telegram,
  cli,
  signIn,
  stepUp,
  createPlayers,
  adminToken: await signIn('operator.admin', adminPassword),
  staff: { ...staffMember, username: 'support.one', password: staffPassword },
  productId: 44, // a pack without a purchase limit
};

/** The checks, in order: what each proves, and the check. */
const checks = [
  ['nginx sends /api/* to the API processes and the rest to the web processes', routesByPath],
  ['/api/metrics, /api/docs and the web revalidation call are not reachable through nginx', internalsUnreachable],
  ['/_next/static is cached for a year and kept in nginx; text is compressed', cachesAndCompresses],
  ['nginx keeps public pages by address, locale and encoding; never /admin, own pages or RSC', pagesKeptByKey],
  [
    'a published article is on / and /news through nginx within 5 s; unpublished, a 404 within 5 s',
    publicationVisibleThroughCache,
  ],
  ['nginx never keeps an answer with Set-Cookie or a private Cache-Control', setCookieNeverKept],
  ["a client's own X-Forwarded-For is replaced, not believed", forwardedForReplaced],
  ['a ticket upload of 3 images of 10 MB passes nginx; a 40 MB body is refused by nginx', uploadSizes],
  ['purchase → SePay webhook → delivered to the game server exactly once', purchaseDeliveredOnce],
  [
    "a player the site never saw signs in with the game's password and buys for a friend's character on server 2: delivered once",
    gamePlayerBuysForFriend,
  ],
  ["the game's one-time sign-in link opens the store signed in once; a second use is refused", gameLinkSignsInOnce],
  [
    'the game away for 30 s: nobody signed out, no page fails, sign-in says so, the mail waits and arrives once',
    gameAwayLosesNothing,
  ],
  [
    '1,000 concurrent claims of a 100-use gift code over both API processes: exactly 100 succeed',
    concurrentClaimsExact,
  ],
  ["a staff member's role changed on one API process is refused at once on the other", roleChangeAcrossProcesses],
  ['a grant asked on one API process waits for a second admin, who approves it on the other', approvalAcrossProcesses],
  [
    'one API process SIGKILLed under purchases, webhooks and claims: nothing lost, delivered once, it rejoins',
    apiKilledUnderLoad,
  ],
  [
    'a rolling restart of every process (SIGTERM, one at a time, as the operator guide does it) under load: no request fails',
    rollingRestartUnderLoad,
  ],
  [
    'the bank feed stopped while orders wait: a Telegram alert within the configured silence; started again: "đã khôi phục"',
    feedSilenceAlertsTelegram,
  ],
  [
    'deploy/backup.sh, then a restore into a new database: the same orders, bank events, refunds, mails and claims',
    backupRestoresTheMoney,
  ],
];

try {
  for (const [title, run] of checks) await check(title, () => run(suite));
} finally {
  const failed = anyFailed();
  if (failed) console.log(`${topology.logTails()}\nLogs and nginx's files: ${topology.dir}`);
  await sql.end();
  await topology.stop({ keepLogs: failed });
  await game.close();
  await telegram.close();
  summarize();
}
