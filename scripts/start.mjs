import { join } from 'node:path';
import { DEMO_FOOTER } from '../apps/web/settings.mjs';
import { demoAccountsText } from './demo-accounts.mjs';
import { buildWebIfStale, demoPorts, root, startServers, waitFor } from './processes.mjs';

/** The footer settings the environment gives (they win over the demo's). */
const definedFooterEnv = () =>
  Object.fromEntries(Object.keys(DEMO_FOOTER).flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])));

const dev = process.argv.includes('--dev');
const { api: apiPort, web: webPort } = demoPorts();

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
${demo ? `\n${await demoAccountsText()}` : ''}
  Press Ctrl+C to stop.
`);
