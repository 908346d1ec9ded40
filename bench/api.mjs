import { benchDatabase, measure, printTable, startApi } from './lib.mjs';

/** GET /api/me (signed in) and POST /api/auth/carabala, each as a ratio to the no-op /api/health route. */
export async function benchApi() {
  const database = await benchDatabase();
  const api = await startApi({ ...database.env, LOGIN_FAILURES_PER_IP: '100000000' });
  try {
    const credentials = JSON.stringify({ username: 'player1', password: 'player123', deviceId: 'carabala.web.bench' });
    const login = await fetch(`${api.base}/api/auth/carabala`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
    }).then((response) => response.json());
    const token = login.data.accessToken;

    const noop = await measure({ url: `${api.base}/api/health` });
    const me = await measure({ url: `${api.base}/api/me`, headers: { authorization: `Bearer ${token}` } });
    const signIn = await measure({
      url: `${api.base}/api/auth/carabala`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
      connections: 4,
    });
    const rows = [
      { route: 'GET /api/health (no-op baseline)', 'req/s': Math.round(noop), ratio: 1 },
      { route: 'GET /api/me (signed in)', 'req/s': Math.round(me), ratio: +(me / noop).toFixed(3) },
      { route: 'POST /api/auth/carabala', 'req/s': Math.round(signIn), ratio: +(signIn / noop).toFixed(3) },
    ];
    printTable(`API throughput on ${database.kind} (target: GET /api/me >= 0.6 of the no-op route)`, rows);
    return rows;
  } finally {
    await api.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
