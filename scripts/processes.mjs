import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
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
 * run without the demo's articles. `keepServed`: only build; a suite serving a copy of its own
 * (`privateWebCopy`) leaves alone what another suite serving apps/web meanwhile keeps there.
 */
export async function buildWebIfStale(env = {}, { keepServed = false } = {}) {
  if (webBuildIsStale()) {
    console.log('Building the web app…');
    await run('npm', ['run', 'build', '-w', 'apps/web'], { env: { ...process.env, ...env } });
  }
  if (keepServed) return;
  rmSync(join(webDir, '.next/server/route-cache'), { recursive: true, force: true });
  rmSync(join(webDir, '.next/cache/fetch-cache'), { recursive: true, force: true });
}

/**
 * A copy of the built web app for one production topology, so that suites serving the build at the same
 * time (the browser tests from apps/web; the fault and smoke suites, each from a copy) keep their own
 * pages and API answers, which Next writes beside the build (.next/server, .next/cache). The build's
 * output is copied without its caches, the web's own modules (server.mjs and its neighbours, whose folder
 * Next serves) too; its sources and public files are linked. It lives under node_modules/.cache, where the
 * web's packages resolve as they do from apps/web. Answers the folder and a function that removes it.
 */
export function privateWebCopy() {
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, 'node_modules/.cache/carabala-web-'));
  for (const entry of readdirSync(webDir, { withFileTypes: true })) {
    const from = join(webDir, entry.name);
    if (entry.name === '.next') {
      const served = [join(from, 'cache'), join(from, 'server/route-cache')];
      cpSync(from, join(dir, '.next'), { recursive: true, filter: (path) => !served.includes(path) });
    } else if (entry.isDirectory()) {
      if (!['node_modules', 'test'].includes(entry.name)) symlinkSync(from, join(dir, entry.name));
    } else if (!entry.name.endsWith('.tsbuildinfo')) {
      cpSync(from, join(dir, entry.name));
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
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
