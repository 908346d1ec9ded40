// The production topology on one machine, as deploy/ and docs/operator-guide.md describe it: a fresh PostgreSQL
// database, Redis, two compiled API processes, one mailbox worker, two web processes, all with
// NODE_ENV=production and generated secrets, and nginx in front running deploy/nginx.conf.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabase } from '../databases.mjs';
import { freePort, privateWebCopy, root, run, waitFor } from '../processes.mjs';

export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const apiDir = join(root, 'apps/api');

/**
 * deploy/nginx.conf with this run's ports and paths: the upstream servers 127.0.0.1:4000/4001 (API)
 * and 3000/3001 (web), the listen ports and the cache folder. Everything else is the file as shipped.
 */
export function renderSiteConfig({ listenPort, internalPort, apiPorts, webPorts, cacheDir }) {
  let site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const replace = (from, to) => {
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf no longer contains "${from}"`);
    site = site.replaceAll(from, to);
  };
  replace('server 127.0.0.1:4000 ', `server 127.0.0.1:${apiPorts[0]} `);
  replace('server 127.0.0.1:4001 ', `server 127.0.0.1:${apiPorts[1]} `);
  replace('server 127.0.0.1:3000 ', `server 127.0.0.1:${webPorts[0]} `);
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${webPorts[1]} `);
  replace('    listen 80;\n', `    listen 127.0.0.1:${listenPort};\n`);
  replace('    listen [::]:80;\n', '');
  replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${internalPort};`);
  replace('/var/cache/nginx/carabala', cacheDir);
  return site;
}

/** Debian's nginx.conf reduced to what a private, unprivileged instance needs, including the site. */
function renderMainConfig(dir) {
  return `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  log_format topology '$msec $request_method $request_uri $status "$upstream_addr" $http_x_request_id';
  access_log ${dir}/access.log topology;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/carabala.conf;
}
`;
}

/** Writes deploy/nginx.conf with these ports (cache under `dir`) and the main file into `dir`, and tests them. */
async function writeNginxConfig(dir, { listenPort, internalPort, apiPorts, webPorts }) {
  writeFileSync(
    join(dir, 'carabala.conf'),
    renderSiteConfig({ listenPort, internalPort, apiPorts, webPorts, cacheDir: join(dir, 'cache') }),
  );
  writeFileSync(join(dir, 'nginx.conf'), renderMainConfig(dir));
  await run(nginxBinary, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const nginxArgs = (dir) => ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];

/**
 * nginx alone, running deploy/nginx.conf in front of the given ports (stand-ins for the processes), for
 * checks of what the file does with answers the real processes never give. Ready once `readyPath` answers.
 */
export async function startLoneNginx({ apiPorts, webPorts, readyPath = '/' }) {
  const dir = mkdtempSync(join(tmpdir(), 'carabala-nginx-'));
  chmodSync(dir, 0o755);
  const [listenPort, internalPort] = await Promise.all([freePort(), freePort()]);
  await writeNginxConfig(dir, { listenPort, internalPort, apiPorts, webPorts });
  const child = spawnLogged('nginx', nginxBinary, nginxArgs(dir), { cwd: dir, logDir: dir });
  const url = `http://127.0.0.1:${listenPort}`;
  try {
    await waitReady(`${url}${readyPath}`, child, 'nginx', 15_000);
  } catch (error) {
    await stopChild(child, 'SIGQUIT');
    throw error;
  }
  return {
    url,
    dir,
    async stop() {
      await stopChild(child, 'SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function spawnLogged(name, command, args, { cwd, env, logDir }) {
  const fd = openSync(join(logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return child;
}

function stopChild(child, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

async function waitReady(url, child, name, timeoutMs = 120_000) {
  const exited = new Promise((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before it was ready`))),
  );
  await Promise.race([waitFor(url, timeoutMs), exited]);
}

/** Reads the nginx access log: one entry per request with its time, status, upstream address(es) and request id. */
export function readAccessLog(dir) {
  const path = join(dir, 'access.log');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, msec, method, uri, status, upstream, requestId] = /^(\S+) (\S+) (\S+) (\d+) "([^"]*)" (\S+)$/.exec(line);
      return { time: Number(msec) * 1000, method, uri, status: Number(status), upstream, requestId };
    });
}

/**
 * Starts everything. `adminDatabaseUrl` is a PostgreSQL URL whose user may create databases; `redisUrl`
 * the Redis to share. Build the API (npm run build -w apps/api) and the web app first.
 */
/** Fresh secrets for every service of one topology run: never the same twice, never written anywhere. */
export function topologySecrets() {
  return {
    jwt: randomBytes(48).toString('base64'),
    sepay: randomBytes(24).toString('hex'),
    mailbox: randomBytes(32).toString('hex'),
    gameCallback: randomBytes(32).toString('hex'),
    metrics: randomBytes(24).toString('hex'),
    revalidate: randomBytes(24).toString('hex'),
  };
}

export async function startTopology({ adminDatabaseUrl, redisUrl, apiEnv = {}, gameMailboxUrl, secrets }) {
  const dir = mkdtempSync(join(tmpdir(), 'carabala-topology-'));
  // nginx's workers may run as another user when it is started by root: they need to reach the folder.
  chmodSync(dir, 0o755);
  const logDir = join(dir, 'logs');
  mkdirSync(logDir);
  // The web processes serve a copy of the build of the topology's own: the pages they render and the API
  // answers they read are kept beside it, and the browser tests may be serving apps/web meanwhile.
  const webCopy = privateWebCopy();

  const databaseName = `topology_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(adminDatabaseUrl, databaseName);

  const [nginxPort, internalPort, ...ports] = await Promise.all(Array.from({ length: 6 }, () => freePort()));
  const apiPorts = ports.slice(0, 2);
  const webPorts = ports.slice(2, 4);
  const siteUrl = `http://127.0.0.1:${nginxPort}`;
  const internalUrl = `http://127.0.0.1:${internalPort}`;

  const sharedApiEnv = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '20',
    REDIS_URL: redisUrl,
    JWT_SECRET: secrets.jwt,
    SEPAY_API_KEY: secrets.sepay,
    // The game's back end (the reference game server): its players, their characters and the mails.
    GAME_API_URL: gameMailboxUrl,
    GAME_API_SECRET: secrets.mailbox,
    GAME_CALLBACK_SECRET: secrets.gameCallback,
    METRICS_TOKEN: secrets.metrics,
    // The smoke suite's players have no phones and no SMS gateway runs here (decision record 057).
    PHONE_VERIFICATION_REQUIRED: 'off',
    // Each web process keeps its own page cache, so the API tells every one of them (never through nginx).
    WEB_REVALIDATE_URLS: webPorts.map((port) => `http://127.0.0.1:${port}/_internal/revalidate`).join(','),
    REVALIDATE_SECRET: secrets.revalidate,
    // nginx is the only proxy in front; its address is the only one whose X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_WEB_URL: siteUrl,
    UPLOAD_DIR: join(dir, 'uploads'),
    MAILBOX_WORKER: 'false',
    ...apiEnv,
  };

  const children = new Set();
  const track = (child) => {
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };

  /** One process of the topology, started as systemd would start its unit, ready once `readyPath` answers. */
  const service = ({ name, port, cwd, args, env, readyPath }) => {
    const url = `http://127.0.0.1:${port}`;
    const unit = {
      name,
      port,
      url,
      child: null,
      spawn() {
        unit.child = track(spawnLogged(name, process.execPath, args, { cwd, env, logDir }));
      },
      ready: () => waitReady(`${url}${readyPath}`, unit.child, name),
      async start() {
        unit.spawn();
        await unit.ready();
      },
      /** SIGTERM, as systemd stops it: the process finishes what it holds and exits. */
      stop: () => stopChild(unit.child),
      /** SIGKILL: no shutdown hooks, requests in flight are cut. */
      kill() {
        unit.child.kill('SIGKILL');
        return new Promise((resolve) => unit.child.once('exit', resolve));
      },
    };
    return unit;
  };

  const apis = apiPorts.map((port, index) =>
    service({
      name: `api-${index + 1}`,
      port,
      cwd: apiDir,
      args: ['--enable-source-maps', 'dist/server.js'],
      env: { ...sharedApiEnv, PORT: String(port) },
      readyPath: '/api/ready',
    }),
  );

  const startWorker = () =>
    track(
      spawnLogged('mailbox-worker', process.execPath, ['--enable-source-maps', 'dist/mailbox-worker.js'], {
        cwd: apiDir,
        env: { ...sharedApiEnv, MAILBOX_POLL_MS: '250' },
        logDir,
      }),
    );

  const webs = webPorts.map((port, index) =>
    service({
      name: `web-${index + 1}`,
      port,
      cwd: webCopy.dir,
      args: ['server.mjs'],
      // Server-side fetches go through nginx's internal listener, so they survive an API process going away.
      // nginx is the only proxy whose X-Forwarded-For the web believes.
      env: {
        NODE_ENV: 'production',
        API_URL: internalUrl,
        PORT: String(port),
        WEB_HOST: '127.0.0.1',
        WEB_TRUST_PROXY: '127.0.0.1',
        REVALIDATE_SECRET: secrets.revalidate,
      },
      readyPath: '/',
    }),
  );

  await writeNginxConfig(dir, { listenPort: nginxPort, internalPort, apiPorts, webPorts });

  const topology = {
    dir,
    logDir,
    siteUrl,
    internalUrl,
    databaseUrl,
    /** The API processes' environment (the operator CLI runs with it). */
    apiEnv: sharedApiEnv,
    apis,
    webs,
    worker: null,
    nginx: null,
    async restartWorker() {
      await stopChild(topology.worker);
      topology.worker = startWorker();
    },
    /** Stops everything and drops the database; the folder with the logs stays when `keepLogs`. */
    async stop({ keepLogs = false } = {}) {
      await Promise.all(
        [...children].map((child) => stopChild(child, child === topology.nginx ? 'SIGQUIT' : 'SIGTERM')),
      );
      await dropDatabase(adminDatabaseUrl, databaseName);
      webCopy.remove();
      if (!keepLogs) rmSync(dir, { recursive: true, force: true });
    },
    /** The last lines of every process's log, for a failure report. */
    logTails(lines = 15) {
      return ['api-1', 'api-2', 'mailbox-worker', 'web-1', 'web-2', 'nginx']
        .map((name) => {
          const path = join(logDir, `${name}.log`);
          if (!existsSync(path)) return '';
          const text = readFileSync(path, 'utf8').trim().split('\n').slice(-lines).join('\n');
          return text ? `--- ${name} ---\n${text}` : '';
        })
        .filter(Boolean)
        .join('\n');
    },
  };

  try {
    // The first API process migrates the new database; the rest start together. A web page is only ready
    // once nginx's internal listener answers its server-side fetches, so the webs are waited on after nginx starts.
    await apis[0].start();
    topology.worker = startWorker();
    for (const web of webs) web.spawn();
    topology.nginx = track(spawnLogged('nginx', nginxBinary, nginxArgs(dir), { cwd: dir, logDir }));
    await Promise.all([
      apis[1].start(),
      ...webs.map((web) => web.ready()),
      waitReady(`${siteUrl}/api/health`, topology.nginx, 'nginx'),
    ]);
  } catch (error) {
    console.error(topology.logTails());
    await topology.stop();
    throw error;
  }
  return topology;
}
