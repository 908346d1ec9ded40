import { benchDatabase, measureProcess, median, pinning, printTable, startApi, startBareFastify } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = 4;

/**
 * API reads against a bare Fastify no-op route measured in the same run: the framework's own limit
 * on this machine. Targets: the news reads >= 0.6, GET /api/me >= 0.75. The API runs compiled
 * (dist/server.js), as in production, pinned like the bare app (see `pinning` in lib.mjs). Each read
 * and the bare route are measured in turn for ROUNDS rounds and the medians count, so that a change of
 * load on the machine touches all of them alike. Beside each rate, the server process's CPU time per
 * request: the figure that still means something when other work shares the machine.
 */
export async function benchApi() {
  const database = await benchDatabase();
  const api = await startApi(
    { ...database.env, DEMO_MODE: 'true', LOGIN_FAILURES_PER_IP: '100000000' },
    { pinned: true },
  );
  const bare = await startBareFastify({ pinned: true });
  pinning.loadGenerator(true);
  try {
    const credentials = JSON.stringify({ username: 'player1', password: 'player123', deviceId: 'carabala.web.bench' });
    const login = await fetch(`${api.base}/api/auth/carabala`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
    }).then((response) => response.json());
    const token = login.data.accessToken;
    const slug = 'le-hoi-trung-vang-mua-he-2025';

    const reads = [
      ['bare Fastify no-op (baseline)', bare.pid, { url: bare.url }],
      ['GET /api/health (the API no-op)', api.pid, { url: `${api.base}/api/health` }],
      [
        'GET /api/me (signed in)',
        api.pid,
        { url: `${api.base}/api/me`, headers: { authorization: `Bearer ${token}` } },
      ],
      ['GET /api/news', api.pid, { url: `${api.base}/api/news` }],
      [`GET /api/news/${slug}`, api.pid, { url: `${api.base}/api/news/${slug}` }],
    ];
    // Warm-up (JIT, caches), not counted.
    for (const [, pid, options] of reads) await measureProcess(pid, { ...options, duration: 2 });
    const runs = reads.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, [, pid, options]] of reads.entries()) {
        runs[index].push(await measureProcess(pid, { ...options, duration: SECONDS }));
      }
    }
    const rates = runs.map((values) => median(values.map((value) => value.rate)));
    const cpu = runs.map((values) => median(values.map((value) => value.cpuUs)));
    const rows = reads.map(([route], index) => ({
      route,
      'req/s': Math.round(rates[index]),
      ratio: +(rates[index] / rates[0]).toFixed(3),
      'CPU µs/req': cpu[index],
    }));
    // Sign-in is argon2 (about 15 ms of CPU): one run, for its cost, with no target.
    const signIn = await measureProcess(api.pid, {
      url: `${api.base}/api/auth/carabala`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
      connections: 4,
      duration: SECONDS,
    });
    rows.push({
      route: 'POST /api/auth/carabala',
      'req/s': Math.round(signIn.rate),
      ratio: +(signIn.rate / rates[0]).toFixed(3),
      'CPU µs/req': signIn.cpuUs,
    });
    printTable(
      `API throughput on ${database.kind} against a bare Fastify no-op route, medians of ${ROUNDS} rounds of ` +
        `${SECONDS} s, ${pinning.on ? 'servers on core 0 and the load generator on the others' : 'unpinned'} ` +
        '(targets: news >= 0.6, /api/me >= 0.75)',
      rows,
    );
    return rows;
  } finally {
    pinning.loadGenerator(false);
    await bare.stop();
    await api.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
