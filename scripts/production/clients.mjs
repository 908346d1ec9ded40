// What the production suites (production-smoke.mjs, production-faults.mjs) use to act on a running
// topology: HTTP calls that never throw, the operator CLI, players with live sessions, waiting.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { tsImport } from 'tsx/esm/api';
import { root } from '../processes.mjs';

/** One HTTP call; never throws on a network failure (status 0) so load loops can count them. */
export async function call(method, url, { token, body, headers = {}, timeoutMs = 30_000 } = {}) {
  const init = { method, headers: { ...headers } };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (body instanceof FormData || typeof body === 'string') init.body = body;
  else if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a page, or nginx's own error page)
    }
    return { status: response.status, headers: response.headers, text, json };
  } catch (error) {
    return { status: 0, headers: new Headers(), text: String(error), json: null };
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(what, predicate, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The operator's command line, sign-in and made-up players for one topology: `sql` is a pool on its
 * database, `jwtSecret` the API's signing secret.
 */
export function topologyClients({ topology, sql, jwtSecret }) {
  /** The operator's command line (apps/api/dist/cli.js) with the API's environment. */
  const cli = (args, input) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['dist/cli.js', ...args], {
        cwd: join(root, 'apps/api'),
        env: { ...process.env, ...topology.apiEnv },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('exit', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`cli ${args[0]} exited ${code}`)),
      );
      child.stdin.end(`${input}\n`);
    });

  const signIn = async (username, password, base = topology.siteUrl) => {
    const answer = await call('POST', `${base}/api/auth/carabala`, {
      body: { username, password, deviceId: 'smoke' },
    });
    if (answer.status !== 200) throw new Error(`sign-in of ${username} answered ${answer.status}: ${answer.text}`);
    return answer.json.data.accessToken;
  };

  let madePlayers = 0;
  /** Game accounts (in production they come from the game) with live sessions, signed with the site's secret. */
  const createPlayers = async (count) => {
    const tag = String(madePlayers++);
    const { rows } = await sql.query(
      `WITH made AS (
         INSERT INTO users (short_id, display_name)
         SELECT '7' || $2::text || lpad(g::text, 5, '0'), 'Người chơi ' || g FROM generate_series(1, $1::int) AS g
         RETURNING id, short_id
       ), live AS (
         INSERT INTO sessions (user_id, expires_at) SELECT id, now() + interval '1 day' FROM made RETURNING id, user_id
       )
       SELECT live.id AS session_id, made.id AS user_id, made.short_id FROM live JOIN made ON made.id = live.user_id`,
      [count, tag],
    );
    const { deriveKey } = await tsImport('../../apps/api/src/lib/keys.ts', import.meta.url);
    const key = deriveKey(jwtSecret, 'session');
    return Promise.all(
      rows.map(async (row) => ({
        id: row.user_id,
        shortId: row.short_id,
        token: await new SignJWT({ sid: row.session_id })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(row.user_id)
          .setIssuedAt()
          .setExpirationTime('1d')
          .sign(key),
      })),
    );
  };

  return { cli, signIn, createPlayers };
}
