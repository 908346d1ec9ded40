import { benchDatabase, measureProcess, median, pinning, printTable, startApi } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = 4;

/**
 * The per-player quote (issue 41, decision record 058) against GET /api/me in the same run: the signed-in
 * player's quotes of a limited pack for themselves (their limit's count, the running promotions and their
 * counts), and of a selectable pack for anyone. Both are read in turn for ROUNDS rounds, medians count;
 * the ratio is each quote read's rate over /api/me's (the cheapest signed-in read), with the server's
 * CPU time per request beside it.
 */
export async function benchQuote() {
  const database = await benchDatabase();
  const api = await startApi(
    { ...database.env, DEMO_MODE: 'true', LOGIN_FAILURES_PER_IP: '100000000' },
    { pinned: true },
  );
  pinning.loadGenerator(true);
  try {
    const login = await fetch(`${api.base}/api/auth/carabala`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'player1', password: 'player123', deviceId: 'carabala.web.bench' }),
    }).then((response) => response.json());
    const headers = { authorization: `Bearer ${login.data.accessToken}` };
    const me = await fetch(`${api.base}/api/me`, { headers }).then((response) => response.json());
    const shortId = me.data.shortId;
    const reads = [
      ['GET /api/me (signed in, the baseline)', { url: `${api.base}/api/me`, headers }],
      [
        'GET /api/store/quote, a limited pack for oneself',
        { url: `${api.base}/api/store/quote?packId=201&receiver=${shortId}`, headers },
      ],
      ['GET /api/store/quote, a selectable pack for anyone', { url: `${api.base}/api/store/quote?packId=44` }],
    ];
    for (const [, options] of reads) {
      const answer = await fetch(options.url, { headers: options.headers });
      if (!answer.ok) throw new Error(`${options.url}: ${answer.status} ${await answer.text()}`);
      await measureProcess(api.pid, { ...options, duration: 2 });
    }
    const runs = reads.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, [, options]] of reads.entries()) {
        runs[index].push(await measureProcess(api.pid, { ...options, duration: SECONDS }));
      }
    }
    const rates = runs.map((values) => median(values.map((value) => value.rate)));
    const cpu = runs.map((values) => median(values.map((value) => value.cpuUs)));
    const rows = reads.map(([route], index) => ({
      route,
      'req/s': Math.round(rates[index]),
      'ratio to /api/me': +(rates[index] / rates[0]).toFixed(3),
      'CPU µs/req': cpu[index],
    }));
    printTable(
      `The per-player quote on ${database.kind} against GET /api/me, medians of ${ROUNDS} rounds of ${SECONDS} s`,
      rows,
    );
    return rows;
  } finally {
    pinning.loadGenerator(false);
    await api.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchQuote();
