/**
 * Launch day: the production topology (nginx, two API processes, two web processes, the worker,
 * PostgreSQL, Redis; scripts/production/topology.mjs) under the traffic of the minute after a gift code
 * is announced, driven open-loop (bench/open-loop.mjs) at rising rates, 10 s a step:
 *
 *   30% GET /, 15% GET /gift-code, 15% news pages, 10% the store, 10% static chunks of the page,
 *   10% GET /api/me (signed in), 4% GET /api/news, 6% gift-code claims (each by another player).
 *
 * In the same run, the anchor: one static file served by nginx from its cache, and GET / alone, both
 * ramped the same way. A rate "holds" when at least 95% of it is answered, with no error and a p99
 * under 200 ms; the figure of each traffic is the highest achieved rate of a step that holds. A ramp
 * ends after two overloaded steps in a row (under 90% answered, or a median over 50 ms). Before
 * the ramps, each kind of request alone at a modest rate gives its CPU time per request in each part
 * of the topology. After them, the database must hold exactly one claim per successful answer.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test BENCH_REDIS_URL=redis://127.0.0.1:6379/4 \
 *     node bench/launch-day.mjs
 *
 * Settings: BENCH_LAUNCH_SECONDS (10), BENCH_LAUNCH_RATES (1000,2000,...: the steps, req/s),
 * BENCH_LAUNCH_CONNECTIONS (256), BENCH_LAUNCH_COST_RATE (400), BENCH_LAUNCH_ONLY (static,home,mix; `costs`: no
 * ramp), BENCH_API_PROFILE (a folder: the API processes' CPU profiles, bench/cpu-profile.mjs).
 */
import { cpuMicroseconds, printTable, startBareFastify, topologyServers } from './lib.mjs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  cpuBetween,
  GIFT_CODE,
  loopDelayBetween,
  pressureBetween,
  sampleCpu,
  sampleLoopDelay,
  samplePressure,
  startLaunchSite,
} from './launch-day-site.mjs';
import { rawRequest, runStep, summarize } from './open-loop.mjs';

const { adminDatabaseUrl, redisUrl } = topologyServers();
const seconds = Number(process.env.BENCH_LAUNCH_SECONDS ?? 10);
const rates = (
  process.env.BENCH_LAUNCH_RATES ?? '1000,2000,3000,4000,5000,6000,7000,8000,10000,12000,14000,16000,18000,20000'
)
  .split(',')
  .map(Number);
const connections = Number(process.env.BENCH_LAUNCH_CONNECTIONS ?? 256);
const costRate = Number(process.env.BENCH_LAUNCH_COST_RATE ?? 400);
const only = (process.env.BENCH_LAUNCH_ONLY ?? 'static,home,mix').split(',');
const COST_SECONDS = 5;
const P99_LIMIT_MS = 200;

/** The mix, in percent; the kinds are spread evenly over each 100 requests. */
const MIX = [
  ['GET /', 30],
  ['GET /gift-code', 15],
  ['news pages', 15],
  ['the store', 10],
  ['static chunks', 10],
  ['GET /api/me', 10],
  ['GET /api/news', 4],
  ['claims', 6],
];
const SLOTS = MIX.flatMap(([kind, weight]) => Array(weight).fill(kind));
const slotOf = (index) => SLOTS[(index * 37) % 100];

// Every claim is a different player; all claims of the run (the cost step and every mix step) included.
const claimsPlanned =
  Math.ceil((costRate / 4) * COST_SECONDS) +
  (only.includes('mix') ? rates.reduce((sum, rate) => sum + Math.ceil(rate * seconds * 0.06) + 1, 0) : 0);
const launch = await startLaunchSite({ adminDatabaseUrl, redisUrl, players: claimsPlanned });
const { site, topology, sql, accounts, paths } = launch;
const host = new URL(site).host;

try {
  const browser = { 'Accept-Encoding': 'gzip, deflate, br', Accept: '*/*' };
  // Every request but a claim is built once: the generator only picks it (its cost per request is
  // part of what the machine spends).
  const fixed = (route, path, headers = {}) => ({
    route,
    bytes: rawRequest(host, { path, headers: { ...browser, ...headers } }),
  });
  const home = fixed('GET /', '/');
  const giftCodePage = fixed('GET /gift-code', '/gift-code');
  const newsPages = paths.news.map((path) => fixed('news pages', path));
  const storePage = fixed('the store', paths.store);
  const chunks = paths.chunks.map((path) => fixed('static chunks', path));
  const staticFile = fixed('static file', paths.staticFile);
  const newsList = fixed('GET /api/news', '/api/news');
  // The signed-in players reading /api/me: a thousand sessions, asked in turn.
  const readers = accounts.slice(0, 1000);
  const meReads = readers.map((reader) => fixed('GET /api/me', '/api/me', { Authorization: `Bearer ${reader.token}` }));
  let claimed = 0;
  const succeeded = new Set();
  const refused = new Set();
  const claim = () => {
    const player = accounts[claimed++];
    if (!player) throw new Error(`ran out of players (${accounts.length})`);
    const bytes = rawRequest(host, {
      method: 'POST',
      path: '/api/gift-codes/claim',
      headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: GIFT_CODE }),
    });
    return { route: 'claims', bytes, keepBody: true, player: player.id };
  };
  const makers = {
    'GET /': () => home,
    'GET /gift-code': () => giftCodePage,
    'news pages': (n) => newsPages[n % newsPages.length],
    'the store': () => storePage,
    'static chunks': (n) => chunks[n % chunks.length],
    'GET /api/me': (n) => meReads[n % meReads.length],
    'GET /api/news': () => newsList,
    claims: claim,
  };
  const check = ({ request, status, body }) => {
    if (request.route !== 'claims') return status === 200;
    const ok = status === 200 && body.includes('"api.success"');
    (ok ? succeeded : refused).add(request.player);
    return ok;
  };
  const traffics = {
    static: { name: 'static file (nginx cache)', next: () => staticFile },
    home: { name: 'GET / alone', next: () => home },
    mix: { name: 'announcement mix', next: (index) => makers[slotOf(index)](Math.floor(index / 100)) },
  };

  /** Waits (at most 60 s) until the topology but nginx is idle: the mails of the claims delivered. */
  const settle = async () => {
    for (let waited = 0; waited < 60; waited += 1) {
      const before = sampleCpu(topology);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { api, worker, postgres } = cpuBetween(before, sampleCpu(topology));
      if (api + worker + postgres < 100_000) return;
    }
  };

  // The driver's own event loop: a pause here would delay every route's answers alike.
  const driverLoop = monitorEventLoopDelay({ resolution: 10 });
  driverLoop.enable();

  // The generator's heap is collected before each step, not during one: a full collection of the
  // players' tokens and the last step's latencies stopped it for up to half a second in a ramp's first step.
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc');
  /** One step with the CPU time of every part of the topology and the event-loop delay of the API processes and the driver. */
  const step = async (next, rate, duration) => {
    collectGarbage();
    const [before, loopBefore, pressureBefore] = [
      sampleCpu(topology),
      await sampleLoopDelay(topology),
      samplePressure(),
    ];
    driverLoop.reset();
    const result = summarize(await runStep({ base: site, rate, seconds: duration, connections, next, check }));
    const cpu = cpuBetween(before, sampleCpu(topology));
    const pressure = pressureBetween(pressureBefore, samplePressure());
    const loops = {
      ...loopDelayBetween(loopBefore, await sampleLoopDelay(topology)),
      driver: `${Math.round(driverLoop.percentile(99) / 1e6)} ms (max ${Math.round(driverLoop.max / 1e6)})`,
    };
    result.holds = result.errors === 0 && result.p99 < P99_LIMIT_MS && result.achieved >= 0.95 * rate;
    return { ...result, cpu, loops, pressure, duration };
  };

  // The readers' sessions known to both API processes (a player's page asks /api/me again and again;
  // an API process keeps a session 30 s): before the /api/me measure and before the mix.
  const warmReaders = () => step((n) => makers['GET /api/me'](n), 500, (readers.length * 4) / 500);
  // Warm every address (first renders, JIT, pools), then each kind alone: its CPU time per request.
  await step((n) => makers[MIX[n % 6][0]](n), 200, 3);
  const costs = [];
  for (const [kind] of [['static file'], ...MIX]) {
    const next = kind === 'static file' ? traffics.static.next : (n) => makers[kind](n);
    if (kind === 'GET /api/me') await warmReaders();
    // Claims at a quarter of the rate: at the full rate they outrun the database on a small machine,
    // and the backlog (claims, then their mails) would weigh on the steps after.
    const result = await step(next, kind === 'claims' ? costRate / 4 : costRate, COST_SECONDS);
    const answered = Object.values(result.byRoute).reduce((sum, route) => sum + route.count, 0);
    const perRequest = (us) => Math.round(us / Math.max(1, answered));
    costs.push({
      kind,
      ...Object.fromEntries(Object.entries(result.cpu).map(([group, us]) => [group, perRequest(us)])),
      // The topology's own parts: neither the load generator nor the game's stand-in.
      site: perRequest(
        Object.entries(result.cpu).reduce((sum, [group, us]) => sum + (['driver', 'game'].includes(group) ? 0 : us), 0),
      ),
      p99: result.p99,
      errors: result.errors,
    });
  }
  printTable(
    `CPU µs per request, each kind alone at ${costRate} req/s (claims ${costRate / 4}) for ${COST_SECONDS} s`,
    costs,
  );
  await settle();
  printTable(
    `One process's CPU µs per request at ${costRate} req/s, sent to it directly (no nginx), against a bare Fastify route`,
    await directCosts(readers[0].token),
  );

  /**
   * The API's reads against a bare Fastify no-op route (bench/bare-fastify.mjs, its own process) at the
   * same rate, each sent straight to one process: what the API's code costs beyond the framework's.
   */
  async function directCosts(token) {
    const bare = await startBareFastify();
    try {
      const api = `http://127.0.0.1:${topology.apis[0].port}`;
      const kinds = [
        ['bare Fastify no-op', bare.url, bare.pid, '/noop', {}],
        ['GET /api/health', api, topology.apis[0].child.pid, '/api/health', {}],
        ['GET /api/me', api, topology.apis[0].child.pid, '/api/me', { Authorization: `Bearer ${token}` }],
        ['GET /api/news', api, topology.apis[0].child.pid, '/api/news', {}],
      ];
      const rows = [];
      for (const [kind, base, pid, path, headers] of kinds) {
        const bytes = rawRequest(new URL(base).host, { path, headers: { ...browser, ...headers } });
        const next = () => ({ route: kind, bytes });
        await runStep({ base, rate: costRate, seconds: 2, connections: 16, next }); // warm-up
        const before = cpuMicroseconds(pid);
        const result = summarize(await runStep({ base, rate: costRate, seconds: COST_SECONDS, connections: 16, next }));
        const answered = Object.values(result.byRoute).reduce((sum, route) => sum + route.count, 0);
        rows.push({
          kind,
          'CPU µs/req': Math.round((cpuMicroseconds(pid) - before) / Math.max(1, answered)),
          p99: result.p99,
        });
      }
      const floor = rows[0]['CPU µs/req'];
      return rows.map((row) => ({ ...row, 'x bare': +(row['CPU µs/req'] / floor).toFixed(2) }));
    } finally {
      await bare.stop();
    }
  }

  const ramps = {};
  // BENCH_LAUNCH_ONLY=costs: the CPU per request of each kind alone, no ramp.
  for (const key of only.filter((name) => name in traffics)) {
    const { name, next } = traffics[key];
    await settle();
    if (key === 'mix') await warmReaders();
    const steps = [];
    let overloadedInRow = 0;
    for (const rate of rates) {
      const result = await step(next, rate, seconds);
      steps.push({ rate, ...result });
      console.log(
        `${name} @ ${rate}/s: ${Math.round(result.achieved)}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors${result.holds ? '' : ' (does not hold)'}`,
      );
      // A step that does not hold because of one stall is not the end; two overloaded steps in a row are.
      const overloaded = result.achieved < 0.9 * rate || result.p50 > 50;
      overloadedInRow = overloaded ? overloadedInRow + 1 : 0;
      if (overloadedInRow === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    ramps[key] = { name, steps };
    const busy = (us, duration) => +(us / (duration * 1e6)).toFixed(2);
    printTable(
      `${name}: by step (CPU in cores busy)`,
      steps.map((s) => ({
        offered: s.rate,
        achieved: Math.round(s.achieved),
        p50: s.p50,
        p99: s.p99,
        errors: s.errors,
        holds: s.holds,
        ...Object.fromEntries(Object.entries(s.cpu).map(([group, us]) => [group, busy(us, s.duration)])),
      })),
    );
    printTable(
      `${name}: event-loop delay by step (p99, and samples over 50 ms), and the machine's stalls (Linux PSI)`,
      steps.map((s) => ({ offered: s.rate, p99: s.p99, ...s.loops, ...s.pressure })),
    );
    if (key === 'mix') {
      printTable(
        'announcement mix: p50 / p99 (ms) by route',
        steps.map((s) => ({
          offered: s.rate,
          ...Object.fromEntries(Object.entries(s.byRoute).map(([route, r]) => [route, `${r.p50} / ${r.p99}`])),
        })),
      );
      const failures = steps.filter((s) => s.errors > 0).map((s) => ({ offered: s.rate, ...s.failures }));
      if (failures.length) printTable('announcement mix: failures by route and reason', failures);
    }
  }

  // One claim stored per successful answer, each player's counted once, the code's count agreeing. A
  // claim whose answer was lost (a timeout or a closed connection) may be stored or not, but no more.
  const { rows } = await sql.query(
    `SELECT c.uses_count, count(k.id)::int AS claims, count(DISTINCT k.user_id)::int AS players,
            array_agg(k.user_id::text) FILTER (WHERE k.user_id IS NOT NULL) AS ids
       FROM gift_codes c LEFT JOIN gift_code_claims k ON k.gift_code_id = c.id
      WHERE c.code = $1 GROUP BY c.id`,
    [GIFT_CODE],
  );
  const stored = rows[0];
  const ids = new Set(stored.ids ?? []);
  const lost = claimed - succeeded.size - refused.size;
  const exact =
    stored.players === stored.claims &&
    stored.uses_count === stored.claims &&
    [...succeeded].every((id) => ids.has(id)) &&
    [...refused].every((id) => !ids.has(id)) &&
    stored.claims - succeeded.size <= lost;
  console.log(
    `\nGift-code claims: ${claimed} sent, ${succeeded.size} successful answers, ${refused.size} refused, ${stored.claims} claims stored (${stored.players} players), uses_count ${stored.uses_count}: ${exact ? 'exact' : 'NOT EXACT'}`,
  );
  if (!exact) process.exitCode = 1;

  const best = (key) => {
    const held = ramps[key]?.steps.filter((s) => s.holds) ?? [];
    return held.length ? held.reduce((top, s) => (s.achieved > top.achieved ? s : top)) : null;
  };
  const anchor = best('static');
  const rows2 = Object.keys(ramps).map((key) => {
    const top = best(key);
    return {
      traffic: ramps[key].name,
      'req/s (highest that holds)': top ? Math.round(top.achieved) : 0,
      'ratio to static file': top && anchor ? +(top.achieved / anchor.achieved).toFixed(2) : null,
      p99: top?.p99 ?? null,
      errors: top?.errors ?? null,
      target: { static: '', home: '>= 0.7', mix: '>= 0.5, p99 < 200 ms, no errors' }[key],
    };
  });
  printTable(`Launch day on the production topology (${connections} connections, ${seconds} s a step)`, rows2);
  const failed = Object.values(ramps).some((ramp) => ramp.steps.some((s) => s.errors > 0));
  if (failed) console.log(`\nThe processes' last log lines:\n${topology.logTails(8)}`);
} finally {
  await launch.stop();
}
