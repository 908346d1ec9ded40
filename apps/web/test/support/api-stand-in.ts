import { codes, errorEnvelopeSchema } from '@carabala/contracts';
import { afterEach, expect, vi } from 'vitest';
import type { z } from 'zod';

/** One call the page made: `GET /transactions/bank/abc` (without the /api prefix), and its JSON body. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** What the stand-in answers to one call: a fixed answer, or one made from the call. */
export type Answer = Response | ((call: Call) => Response | Promise<Response>);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A success of the API: `data` is parsed with the contracts schema the web parses it with, so that a
 * fixture that drifts from the contract fails here, in the test, not silently on screen.
 */
export const ok = <S extends z.ZodType>(schema: S, data: z.input<S>) =>
  json(200, { code: codes.success, data: schema.parse(data) });

/** A refusal of the API, its envelope checked with the contracts' error envelope. */
export const refused = (status: number, body: z.input<typeof errorEnvelopeSchema>) =>
  json(status, errorEnvelopeSchema.parse(body));

/** The calls of the current test that no route named. */
let unanswered: string[] = [];

// A page that makes a call its test did not expect fails that test, whatever it asserted.
afterEach(() => {
  const left = unanswered;
  unanswered = [];
  expect(left, 'calls no stand-in route answered').toEqual([]);
});

/**
 * The API for one test, at the HTTP boundary (the global fetch): each route is `METHOD /path` as the
 * web sends it (query included). `answer` changes what a route answers from then on (the money came
 * in, the API is away). A call no route names is answered 404 and fails the test once it ends.
 */
export function standIn(initial: Record<string, Answer>) {
  const routes = { ...initial };
  const calls: Call[] = [];
  unanswered = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^\/api/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const call = { method, path, body };
    calls.push(call);
    const key = `${method} ${path}`;
    const answer = routes[key];
    if (!answer) {
      unanswered.push(key);
      return json(404, { code: codes.error, message: `No stand-in answer for ${key}` });
    }
    // A Response's body is read once: each call gets its own copy.
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  return {
    calls,
    /** The calls made to one route, in order. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    answer: (key: string, answer: Answer) => {
      routes[key] = answer;
    },
  };
}
