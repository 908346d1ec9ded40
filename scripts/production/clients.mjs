// What the production suites (production-smoke.mjs, production-faults.mjs) use to act on a running
// topology: HTTP calls that never throw, the operator CLI, sign-in (with the staff second factor),
// players with live sessions, waiting.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
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
export function topologyClients({ topology, sql, jwtSecret, game = null }) {
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

  /** The staff accounts' TOTP secrets (enrolled here) and the last time-step whose code each one used. */
  const totpSecrets = new Map();
  const usedSteps = new Map();

  /** A code of the account's secret that it has not used yet: a code works once, so it may wait for the next step. */
  const freshCode = async (username) => {
    let step = Math.floor(Date.now() / 30_000);
    if (step <= (usedSteps.get(username) ?? -1)) {
      await sleep((step + 1) * 30_000 - Date.now() + 50);
      step += 1;
    }
    usedSteps.set(username, step);
    return TOTP.generate({ secret: Secret.fromBase32(totpSecrets.get(username)), timestamp: step * 30_000 + 1000 });
  };

  /**
   * Signs in. A staff account enrols its second factor at its first sign-in, as the console asks (the
   * enrolment's code verifies that session), and signs in with a code of its secret after.
   */
  const signIn = async (username, password, base = topology.siteUrl) => {
    const body = { username, password, deviceId: 'smoke' };
    let answer = await call('POST', `${base}/api/auth/carabala`, { body });
    if (answer.json?.code === 'api.auth.second_factor_required') {
      answer = await call('POST', `${base}/api/auth/carabala`, { body: { ...body, otp: await freshCode(username) } });
    }
    if (answer.status !== 200) throw new Error(`sign-in of ${username} answered ${answer.status}: ${answer.text}`);
    const { accessToken, user } = answer.json.data;
    if (user.role !== 'player' && !totpSecrets.has(username)) {
      const started = await call('POST', `${base}/api/auth/second-factor/enrolment`, { token: accessToken });
      if (started.status !== 200)
        throw new Error(`enrolment of ${username} answered ${started.status}: ${started.text}`);
      totpSecrets.set(username, started.json.data.secret);
      const confirmed = await call('POST', `${base}/api/auth/second-factor/enrolment/confirm`, {
        token: accessToken,
        body: { otp: await freshCode(username) },
      });
      if (confirmed.status !== 200) {
        throw new Error(`enrolment of ${username} answered ${confirmed.status}: ${confirmed.text}`);
      }
    }
    return accessToken;
  };

  /**
   * A code entered now, so that the money and power calls of the next 10 minutes pass (step-up); a code
   * entered in the last 8 minutes (sign-in, enrolment or step-up) still counts.
   */
  const stepUp = async (token, username) => {
    if (Date.now() - (usedSteps.get(username) ?? 0) * 30_000 < 8 * 60_000) return;
    const answer = await call('POST', `${topology.siteUrl}/api/auth/step-up`, {
      token,
      body: { otp: await freshCode(username) },
    });
    if (answer.status !== 200) throw new Error(`step-up of ${username} answered ${answer.status}: ${answer.text}`);
  };

  let madePlayers = 0;
  /** Game accounts (in production they come from the game) with live sessions, signed with the site's secret. */
  const createPlayers = async (count) => {
    const tag = String(madePlayers++);
    const { rows } = await sql.query(
      `WITH made AS (
         INSERT INTO users (short_id, display_name, game_player_id)
         SELECT '7' || $2::text || lpad(g::text, 5, '0'), 'Người chơi ' || g, 'made-7' || $2::text || lpad(g::text, 5, '0')
         FROM generate_series(1, $1::int) AS g
         RETURNING id, short_id, display_name, game_player_id
       ), live AS (
         INSERT INTO sessions (user_id, expires_at) SELECT id, now() + interval '1 day' FROM made RETURNING id, user_id
       )
       SELECT live.id AS session_id, made.id AS user_id, made.short_id, made.display_name, made.game_player_id
       FROM live JOIN made ON made.id = live.user_id`,
      [count, tag],
    );
    // The game knows them too (the site's rows are their shadows, as after a first look-up).
    await game?.addPlayers(
      rows.map((row) => ({ playerId: row.game_player_id, userId: row.short_id, displayName: row.display_name })),
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

  return { cli, signIn, stepUp, createPlayers };
}
