import { join } from 'node:path';
import { DEMO_FOOTER } from '../apps/web/settings.mjs';
import { buildWebIfStale, root, startServers, waitFor } from './processes.mjs';

/** The footer settings the environment gives (they win over the demo's). */
const definedFooterEnv = () =>
  Object.fromEntries(Object.keys(DEMO_FOOTER).flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])));

/** The demo accounts (apps/api/src/db/seed/demo-accounts.ts), seeded in demo mode only. */
const DEMO_ACCOUNTS = `
  Demo accounts (username / password):
    player1  / player123   player (User ID 8801234)
    player2  / player123   player (User ID 8805678)
    player3  / player123   email not verified: cannot sign in
    player4  / player123   player (User ID 8803456)
    player5  / player123   player (User ID 8807890)
    admin1   / admin123    staff, role admin (User ID 8800001), TOTP secret UHLCHILY4LQTAVDC4N64CDNUFWTLQYT7
    admin2   / admin123    staff, role admin (User ID 8800002), TOTP secret 2P6UCHIFILUACLS2OOXRN5NZWH3NYWIJ
    support1 / staff123    staff, role support (User ID 8800003), TOTP secret 2GQB4KSIQAJNX2BCM2IRMZ4JTFC4XNTM
    finance1 / staff123    staff, role finance (User ID 8800004), TOTP secret PJIADRZED7BAZXLXLW2LBX3EOKMG6BYX
    content1 / staff123    staff, role content (User ID 8800005), TOTP secret OUZ4M34VJA23VB3NX5PP4KSGQNZVCCNL
`;

const dev = process.argv.includes('--dev');
const apiPort = Number(process.env.PORT_API ?? 4000);
const webPort = Number(process.env.PORT_WEB ?? 3000);

if (!dev) await buildWebIfStale();
const servers = startServers({
  apiPort,
  webPort,
  dev,
  apiEnv: {
    // The embedded database and uploads live in ./data at the repository root.
    PGLITE_DIR: process.env.PGLITE_DIR ?? join(root, 'data/db'),
    UPLOAD_DIR: process.env.UPLOAD_DIR ?? join(root, 'data/uploads'),
    // Without JWT_SECRET, a random one made at the first start and kept here (owner-only).
    JWT_SECRET_FILE: process.env.JWT_SECRET_FILE ?? join(root, 'data/jwt-secret'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // npm start is the demo: the demo payment button and the demo bank-feed key work.
    DEMO_MODE: process.env.DEMO_MODE ?? 'true',
  },
  // The demo's publisher lines in the footer, unless demo mode is off or they are given.
  webEnv: process.env.DEMO_MODE === 'false' ? {} : { ...DEMO_FOOTER, ...definedFooterEnv() },
});
let stopping = false;
for (const child of servers.children) {
  child.on('exit', (code) => {
    if (!stopping && code !== 0) {
      console.error(`A server stopped with code ${code}; stopping.`);
      void servers.stop().then(() => process.exit(1));
    }
  });
}
const stop = () => {
  stopping = true;
  void servers.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await waitFor(`http://127.0.0.1:${apiPort}/api/ready`, 120_000);
await waitFor(`http://127.0.0.1:${webPort}/`, 120_000);
const demo = process.env.DEMO_MODE !== 'false';
console.log(`
  Carabala is running: http://localhost:${webPort}
  API: http://localhost:${apiPort}/api (docs at http://localhost:${apiPort}/api/docs)

  Demo mode is ${demo ? 'ON' : 'OFF'} (DEMO_MODE): the demo accounts, the demo transfer button and the demo bank-feed key ${demo ? 'work' : 'are off'}.
${demo ? DEMO_ACCOUNTS : ''}
  Press Ctrl+C to stop.
`);
