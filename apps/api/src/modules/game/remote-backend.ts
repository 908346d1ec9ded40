import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  gameAuthenticateAnswerSchema,
  gameItemsAnswerSchema,
  gameLookupAnswerSchema,
  gameMailAnswerSchema,
} from '@carabala/contracts/game-api';
import { signGameCall } from '@carabala/contracts/game-signature';
import type { z } from 'zod';
import type { Logger } from '../../lib/deps';
import { GameUnavailableError, type GameBackend } from './backend';
import type { CircuitBreaker } from './breaker';
import type { GameMetrics } from './metrics';

/** The most a game's answer may weigh: a larger one is cut and refused (a broken or hostile game). */
export const GAME_ANSWER_MAX_BYTES = 1024 * 1024;

/** Connections to the game kept open between calls (a TLS handshake per call cost more than the call). */
const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

type Call = 'authenticate' | 'lookup' | 'items' | 'mail';
const paths: Record<Call, string> = {
  authenticate: '/players/authenticate',
  lookup: '/players/lookup',
  items: '/items/list',
  mail: '/mails',
};

/** Why a call got no usable answer: transport (counted by the breaker) or off-contract (it answered). */
class TransportError extends Error {}

interface Answer {
  status: number;
  body: string;
}

/**
 * POSTs `body` and resolves with the status and text of the answer; rejects on a connection error,
 * after `timeoutMs`, or past GAME_ANSWER_MAX_BYTES. node:http rather than fetch: fetch cost about three
 * times the CPU per call (bench/launch-day.mjs, issue 28).
 */
function post(target: URL, body: string, headers: Record<string, string>, timeoutMs: number): Promise<Answer> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        agent: agents[target.protocol as keyof typeof agents],
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > GAME_ANSWER_MAX_BYTES) {
            response.destroy();
            reject(new TransportError(`answer over ${GAME_ANSWER_MAX_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface RemoteBackendOptions {
  url: string;
  secret: string;
  /** Sign-in, look-up and item list. */
  timeoutMs: number;
  /** A mail (the worker's own, longer timeout: it waits, no player does). */
  mailTimeoutMs: number;
  breaker: CircuitBreaker;
  metrics: GameMetrics;
  log: Logger;
}

/** The game's back end over signed HTTP (docs/game-api.md): every answer checked against the contract. */
export function createRemoteBackend(options: RemoteBackendOptions): GameBackend {
  const { secret, breaker, metrics, log } = options;
  const base = new URL(options.url);
  const urlOf = (call: Call) => {
    const target = new URL(base);
    target.pathname = `${base.pathname.replace(/\/+$/, '')}${paths[call]}`;
    return target;
  };
  async function call<S extends z.ZodType>(
    name: Call,
    payload: unknown,
    schema: S,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    if (!breaker.allow()) {
      metrics.called(name, 'breaker_open');
      throw new GameUnavailableError('the game did not answer the last calls: circuit open');
    }
    const target = urlOf(name);
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      ...extraHeaders,
      ...signGameCall(secret, { method: 'POST', path: target.pathname, body }),
    };
    let answer: Answer;
    try {
      answer = await post(target, body, headers, name === 'mail' ? options.mailTimeoutMs : options.timeoutMs);
      if (answer.status < 200 || answer.status >= 300)
        throw new TransportError(`game server answered ${answer.status}`);
    } catch (error) {
      breaker.failed();
      metrics.called(name, 'failed');
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ call: name, err: reason }, 'game call failed');
      throw new GameUnavailableError(reason);
    }
    // It answered: the connection is fine, whatever the answer says.
    breaker.succeeded();
    let parsed: z.ZodSafeParseResult<z.infer<S>>;
    try {
      parsed = schema.safeParse(JSON.parse(answer.body));
    } catch {
      metrics.called(name, 'invalid');
      log.warn({ call: name, problems: ['not JSON'] }, 'game answer off the contract: refused');
      throw new GameUnavailableError('the game answered off the contract: not JSON');
    }
    if (!parsed.success) {
      metrics.called(name, 'invalid');
      const problems = parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
      log.warn({ call: name, problems }, 'game answer off the contract: refused');
      throw new GameUnavailableError(`the game answered off the contract: ${problems.join('; ')}`);
    }
    const result = (parsed.data as { result?: string }).result;
    metrics.called(name, result === 'refused' ? 'refused' : 'ok');
    return parsed.data;
  }

  return {
    mode: 'connected',
    authenticate: (body) => call('authenticate', body, gameAuthenticateAnswerSchema),
    lookUp: (by) => call('lookup', by, gameLookupAnswerSchema),
    listItems: async () => (await call('items', {}, gameItemsAnswerSchema)).items,
    deliverMail: (mail) => call('mail', mail, gameMailAnswerSchema, { 'idempotency-key': mail.id }),
  };
}
