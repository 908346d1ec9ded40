/**
 * The launch-day bench's site (bench/launch-day.mjs): the production topology, filled through its own
 * faces as on the day (an admin from the operator CLI, articles published through the API, players
 * with live sessions as the game makes them, one announced gift code), the addresses of the mix, and
 * the CPU time of every process of the topology.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { call, topologyClients } from '../scripts/production/clients.mjs';
import { startSite } from '../scripts/production/site.mjs';
import { processStat } from './lib.mjs';
import { staticChunk } from './pages.mjs';

export const GIFT_CODE = 'RAMAT2026';
const ARTICLES = 6;
/** createPlayers numbers its players with 5 digits per call. */
const PLAYERS_PER_CALL = 99_999;

/** Starts the topology and fills it; `players` is how many distinct players will claim. */
export async function startLaunchSite({ adminDatabaseUrl, redisUrl, players }) {
  const { secrets, game, topology } = await startSite({
    adminDatabaseUrl,
    redisUrl,
    gameProcess: true,
    // Every request of the bench comes from one address; a real launch comes from many.
    // BENCH_API_PROFILE=<folder>: each API process (and the worker) writes a CPU profile there when it stops.
    apiEnv: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...(process.env.BENCH_API_PROFILE
        ? { NODE_OPTIONS: `--import=${join(import.meta.dirname, 'cpu-profile.mjs')}` }
        : {}),
    },
  });
  topology.gameStandInPid = game.pid;
  const sql = new pg.Pool({ connectionString: topology.databaseUrl, max: 4 });
  const stop = async () => {
    await sql.end();
    await topology.stop();
    await game.close();
  };
  try {
    const site = topology.siteUrl;
    const { cli, signIn, createPlayers } = topologyClients({ topology, sql, jwtSecret: secrets.jwt, game });
    const password = randomBytes(18).toString('base64');
    await cli(['create-account', '--username', 'launch.admin', '--role', 'admin'], password);
    const adminToken = await signIn('launch.admin', password);
    for (let i = 0; i < ARTICLES; i += 1) {
      const staff = async (path, body) => {
        const answer = await call('POST', `${site}/api${path}`, { token: adminToken, body });
        if (answer.json?.code !== 'api.success') throw new Error(`POST ${path}: ${answer.text.slice(0, 300)}`);
        return answer.json.data;
      };
      const draft = await staff('/internal/news', {
        slug: `ra-mat-phan-${i + 1}`,
        title: `Ra mắt máy chủ mới, phần ${i + 1}`,
        summary: 'Quà ra mắt cho mọi người chơi.',
        coverImage: '/news/chao-mung-ra-mat-website-moi.jpg',
        // Forty short paragraphs: the editor refuses more than 100 emphasis marks on one line (decision 042).
        body: Array(40).fill('Nhập mã quà **RAMAT2026** tại trang Quà tặng.').join('\n\n'),
        category: 'events',
      });
      await staff(`/internal/news/${draft.id}/publish`);
    }
    await sql.query(
      `INSERT INTO gift_codes (code, name, rewards, max_uses) VALUES ($1, 'Quà ra mắt', '[{"itemId":"diamond","quantity":100}]', $2)`,
      [GIFT_CODE, players],
    );
    const accounts = [];
    for (let made = 0; made < players; made += PLAYERS_PER_CALL) {
      accounts.push(...(await createPlayers(Math.min(PLAYERS_PER_CALL, players - made))));
    }
    await sql.query('VACUUM ANALYZE');

    const html = await fetch(`${site}/`).then((response) => response.text());
    const chunks = [...new Set(html.match(/\/_next\/static\/[^"'\s\\]+\.(?:js|css)/g))];
    const news = await fetch(`${site}/api/news`).then((response) => response.json());
    const store = await fetch(`${site}/store`, { redirect: 'manual' });
    const paths = {
      staticFile: staticChunk(),
      chunks,
      news: ['/news', ...news.data.items.map((item) => `/news/${item.slug}`)],
      // A visitor opening /store is redirected once to its first tab, the page itself.
      store:
        new URL(store.headers.get('location'), site).pathname + new URL(store.headers.get('location'), site).search,
    };
    return { site, topology, sql, accounts, paths, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every process of the topology by part, and the PostgreSQL backends of its database and Redis. */
function processGroups(topology) {
  const groups = {
    nginx: [topology.nginx.pid],
    web: topology.webs.map((web) => web.child.pid),
    api: topology.apis.map((api) => api.child.pid),
    worker: [topology.worker.pid],
    postgres: [],
    redis: [],
    // The game's back end stand-in, in a process of its own: outside the topology, on the same machine.
    game: topology.gameStandInPid ? [topology.gameStandInPid] : [],
    driver: [process.pid],
  };
  const database = new URL(topology.databaseUrl).pathname.slice(1);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { name, ppid } = processStat(entry);
      if (ppid === topology.nginx.pid) groups.nginx.push(Number(entry));
      else if (name === 'redis-server') groups.redis.push(Number(entry));
      else if (name === 'postgres' && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) {
        groups.postgres.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return groups;
}

/** CPU time (µs) of each process now, by part. */
export function sampleCpu(topology) {
  const sample = {};
  for (const [group, pids] of Object.entries(processGroups(topology))) {
    sample[group] = new Map();
    for (const pid of pids) {
      try {
        sample[group].set(pid, processStat(pid).cpuUs);
      } catch {
        // gone meanwhile
      }
    }
  }
  return sample;
}

/** CPU time (µs) used by each part between two samples; a process born in between counts from zero. */
export function cpuBetween(before, after) {
  return Object.fromEntries(
    Object.entries(after).map(([group, pids]) => [
      group,
      [...pids].reduce((sum, [pid, cpu]) => sum + cpu - (before[group]?.get(pid) ?? 0), 0),
    ]),
  );
}

/**
 * Each API process's event-loop delay histogram (nodejs_event_loop_delay_seconds on /api/metrics, read
 * from the process itself, not through nginx): cumulative counts by bound, for `loopDelayBetween`.
 */
export async function sampleLoopDelay(topology) {
  const authorization = `Bearer ${topology.apiEnv.METRICS_TOKEN}`;
  const samples = {};
  for (const [index, api] of topology.apis.entries()) {
    const text = await fetch(`http://127.0.0.1:${api.port}/api/metrics`, { headers: { authorization } })
      .then((response) => response.text())
      .catch(() => '');
    const buckets = [...text.matchAll(/^nodejs_event_loop_delay_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm)];
    samples[`api-${index + 1}`] = buckets.map(([, bound, count]) => [Number(bound), Number(count)]);
  }
  return samples;
}

/**
 * Per API process between two samples: the loop delay that 99% of its samples stayed under (a bucket
 * bound, ms; "> 1000" past the last) and how many samples came more than 50 ms late.
 */
export function loopDelayBetween(before, after) {
  return Object.fromEntries(
    Object.entries(after).map(([name, buckets]) => {
      const counts = buckets.map(([bound, count], index) => [bound, count - (before[name]?.[index]?.[1] ?? 0)]);
      const total = counts.at(-1)?.[1] ?? 0;
      const p99 = counts.find(([, count]) => total > 0 && count >= 0.99 * total)?.[0];
      const over50 = total - (counts.find(([bound]) => bound === 0.05)?.[1] ?? total);
      const p99Text = p99 === undefined ? '–' : Number.isFinite(p99) ? `${p99 * 1000}` : '> 1000';
      return [name, `${p99Text} ms (${over50} > 50 ms)`];
    }),
  );
}

/** The kernel's pressure stall totals (µs; Linux PSI, /proc/pressure): time some task waited on the CPU or on I/O. */
export function samplePressure() {
  const read = (resource) => {
    try {
      const text = readFileSync(`/proc/pressure/${resource}`, 'utf8');
      return Object.fromEntries(
        [...text.matchAll(/^(some|full) .* total=(\d+)$/gm)].map(([, kind, total]) => [kind, Number(total)]),
      );
    } catch {
      return {};
    }
  };
  return { at: performance.now(), cpu: read('cpu'), io: read('io') };
}

/**
 * The share of a step's time (%) some task waited for a CPU, some task waited on I/O, and every task
 * did ("io full": nothing ran for want of the disk): a stall with the CPU free shows in the I/O columns.
 */
export function pressureBetween(before, after) {
  const elapsedUs = (after.at - before.at) * 1000;
  const share = (resource, kind) =>
    after[resource][kind] === undefined
      ? null
      : +((100 * (after[resource][kind] - before[resource][kind])) / elapsedUs).toFixed(1);
  return { 'cpu some %': share('cpu', 'some'), 'io some %': share('io', 'some'), 'io full %': share('io', 'full') };
}
