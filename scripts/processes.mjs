import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'apps/web');
const buildId = join(webDir, '.next/BUILD_ID');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when the web build is missing or older than any of its sources. */
export function webBuildIsStale() {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/messages',
    'apps/web/public',
    'apps/web/next.config.ts',
    'apps/web/settings.mjs',
    'apps/web/public-pages.mjs',
    'apps/web/locales.mjs',
    'packages/contracts/src',
  ];
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/**
 * Builds the web app when its sources changed, and forgets the pages and the API answers a previous run
 * rendered: Next keeps them on disk (.next/server/route-cache, and its data cache in
 * .next/cache/fetch-cache) for up to their revalidate time, 300 s, and each suite, like each
 * `npm start`, serves a database of its own. Without this the browser suite, started within minutes of
 * the production smoke, was served the smoke's home page, and a bench's home page the news list of a
 * run without the demo's articles.
 */
export async function buildWebIfStale(env = {}) {
  if (webBuildIsStale()) {
    console.log('Building the web app…');
    await run('npm', ['run', 'build', '-w', 'apps/web'], { env: { ...process.env, ...env } });
  }
  rmSync(join(root, 'apps/web/.next/server/route-cache'), { recursive: true, force: true });
  rmSync(join(root, 'apps/web/.next/cache/fetch-cache'), { recursive: true, force: true });
}

/**
 * The ports `npm start` and `npm run dev` serve on: PORT_API (4000) and PORT_WEB (3000). Every script
 * that talks to that demo reads them here: none posts to the default port while the demo runs on another.
 */
export function demoPorts() {
  const port = (name, fallback) => {
    const text = process.env[name] ?? String(fallback);
    if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65_535) {
      throw new Error(`${name} must be a port number (1 to 65535), not "${text}"`);
    }
    return Number(text);
  };
  return { api: port('PORT_API', 4000), web: port('PORT_WEB', 3000) };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

/** Starts the API and the web app; returns a function that stops both. */
export function startServers({ apiPort, webPort, apiEnv = {}, webEnv = {}, dev = false, quiet = false }) {
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  // The API tells the web app of news changes (POST /_internal/revalidate) with a secret of this run.
  const revalidation = {
    REVALIDATE_SECRET: process.env.REVALIDATE_SECRET ?? randomBytes(24).toString('hex'),
  };
  const api = spawn(process.execPath, ['--import', 'tsx', ...(dev ? ['--watch'] : []), 'src/server.ts'], {
    cwd: join(root, 'apps/api'),
    stdio,
    env: {
      ...process.env,
      PORT: String(apiPort),
      WEB_REVALIDATE_URLS: `http://127.0.0.1:${webPort}/_internal/revalidate`,
      ...revalidation,
      ...apiEnv,
    },
  });
  // Next.js behind the web's own wrapper (client address, security headers): apps/web/server.mjs.
  const web = spawn(process.execPath, ['server.mjs', ...(dev ? ['--dev'] : [])], {
    cwd: webDir,
    stdio,
    env: {
      ...process.env,
      API_URL: `http://127.0.0.1:${apiPort}`,
      PORT: String(webPort),
      WEB_HOST: '127.0.0.1',
      ...revalidation,
      ...webEnv,
    },
  });
  const children = [api, web];
  return {
    children,
    stop: () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        ),
      ),
  };
}
