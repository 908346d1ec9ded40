import type { approvalCodes } from '@carabala/contracts';
import { codeKey, type MessageParams, type Sentence } from '@carabala/contracts/sentences';
import type { z } from 'zod';
import { tokenStore } from './storage';

/** Says a catalogue key in the reader's language; undefined when the catalogue has no such key. */
export type Translate = (key: string, params?: MessageParams) => string | undefined;

const translators = new Set<Translate>();
/**
 * Added by components/error-words.tsx with the reader's catalogue (messages/<locale>/errors, and the
 * console's adminErrors): every refusal is then said in the reader's language. Until then, and for a
 * key no catalogue has (a newer API), the server's own Vietnamese sentence stands. Answers the removal.
 */
export function addTranslator(translate: Translate) {
  translators.add(translate);
  return () => void translators.delete(translate);
}

let loading: Promise<unknown> = Promise.resolve();
const waiting: (() => Promise<unknown>)[] = [];
/**
 * A catalogue file to fetch when it is first needed (a refusal, a form's check, the reader's first
 * touch or key): not on every page's first load (decision record 052).
 */
export function loadingWords(load: () => Promise<unknown>) {
  waiting.push(load);
}
/** Fetches what waits, and resolves once every catalogue file has arrived (or failed: the server's words stand). */
export function wordsLoaded() {
  for (let load = waiting.shift(); load; load = waiting.shift()) {
    loading = Promise.all([loading, load().catch(() => undefined)]);
  }
  return loading;
}

/** The words of a catalogue key (a contracts message) in the reader's language; the key itself when none has it. */
export const keyText = (key: string, params?: MessageParams) => sentenceText(key, params, key);

/** The words of a catalogue key in the reader's language, or `fallback`. */
export function sentenceText(key: string, params: MessageParams | undefined, fallback: string) {
  for (const translate of translators) {
    const text = translate(key, params);
    if (text !== undefined) return text;
  }
  return fallback;
}

/**
 * A refusal from the API: the HTTP status, the stable code, its sentence (said in the reader's
 * language, from `key` or the code's own) and each field's sentences.
 */
export class ApiError extends Error {
  readonly errors: Record<string, string[]>;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    errors: Record<string, string[]> = {},
    /** Seconds the server asked to wait (`Retry-After`) before trying again, when it said so. */
    readonly retryAfter?: number,
    words: { key?: string; params?: MessageParams; issues?: Record<string, Sentence[]> } = {},
  ) {
    super(sentenceText(words.key ?? codeKey(code), words.params, message));
    const issues = words.issues ?? {};
    this.errors = Object.fromEntries(
      Object.entries(errors).map(([field, list]) => [
        field,
        list.map((text, index) => {
          const issue = issues[field]?.[index];
          return issue ? sentenceText(issue.key, issue.params, text) : text;
        }),
      ]),
    );
  }
}

/**
 * A staff action the API did not do yet: it waits as a request until another admin approves it
 * (HTTP 202 `api.approval.pending`, decision record 030). Not a refusal: the form says so and links
 * to the requests waiting for approval.
 */
export class AwaitingApproval {
  constructor(
    readonly approvalId: string,
    /** The API's Vietnamese sentence saying the action waits for another admin. */
    readonly message: string,
  ) {}
}

/**
 * The API (or the proxy in front of it) is away or busy for a moment: 502, 503, 504, or no answer at
 * all. Such a failure says nothing about the session, so the player stays signed in (only 401 and 403
 * sign out) and a read may be tried again later.
 */
export const isTransient = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

/** What to tell the user about a failed call: the API's own message, or `fallback` for anything else. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** The API's first message about one field of the body, if it refused it. */
export const fieldErrorOf = (error: unknown, field: string) =>
  error instanceof ApiError ? error.errors[field]?.[0] : undefined;

let onUnauthorized: () => void = () => undefined;
/** Called on any 401/403: the session layer clears storage and sets the user to null. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

let askForCode: (() => Promise<boolean>) | null = null;
/**
 * Set by the staff console: asks for a second-factor code (step-up) and resolves whether one was
 * entered. A call refused with 428 for want of a code is then sent once more (decision record 029).
 */
export function setCodeHandler(handler: (() => Promise<boolean>) | null) {
  askForCode = handler;
}
const CODE_REFUSALS = new Set(['api.auth.step_up_required', 'api.auth.second_factor_required']);

let onUnavailable: () => void = () => undefined;
/**
 * Called when a read (GET) finds the API away or busy (502/503/504): the shell shows one short
 * notice. A failed action shows its own message where the player made it, so it does not call this.
 */
export function setUnavailableHandler(handler: () => void) {
  onUnavailable = handler;
}

/** `Retry-After` in seconds (RFC 9110: a number of seconds or an HTTP date), or undefined. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : undefined;
}

interface Envelope {
  code: string;
  message?: string;
  key?: string;
  params?: MessageParams;
  data?: unknown;
  errors?: Record<string, string[]>;
  issues?: Record<string, Sentence[]>;
}

/** A refusal without a readable body is said by its code alone (api.internal: "busy, try again later"). */
const busy = '';

/**
 * The 202 of an action that waits for approval. Written out rather than imported: every page's first
 * load goes through this client, and the contracts' entry brings zod with it (decision record 022).
 */
const PENDING: (typeof approvalCodes)['pending'] = 'api.approval.pending';

/**
 * Sends one call with the session's bearer token. A refused call (non-2xx) rejects with the API's
 * code, message and field errors; a 401/403 to the current session signs it out.
 */
async function send(method: string, path: string, body?: unknown, retried = false): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: payload });
  } catch {
    await wordsLoaded();
    throw new ApiError(0, 'api.network', '');
  }
  // Only the session that was refused is signed out: a late answer to a request made with an older
  // token must not clear a session the player has just started.
  if ((response.status === 401 || response.status === 403) && token && tokenStore.get() === token) onUnauthorized();
  // 428 is never a sign-out: the console asks for the code in place and sends the call again.
  if (response.status === 428 && askForCode && !retried) {
    const refusal = (await response
      .clone()
      .json()
      .catch(() => ({}))) as Partial<Envelope>;
    if (refusal.code && CODE_REFUSALS.has(refusal.code) && (await askForCode())) return send(method, path, body, true);
  }
  if (!response.ok) {
    const refusal = (await response.json().catch(() => ({ code: 'api.internal' }))) as Partial<Envelope>;
    await wordsLoaded();
    const error = new ApiError(
      response.status,
      refusal.code ?? 'api.internal',
      refusal.message ?? busy,
      refusal.errors,
      retryAfterOf(response),
      refusal,
    );
    if (method === 'GET' && isTransient(error)) onUnavailable();
    throw error;
  }
  return response;
}

/**
 * The whole envelope of a JSON call; a code other than success is a refusal too, except the 202 of
 * an action that now waits for approval, which `action` reads.
 */
async function request(method: string, path: string, body?: unknown): Promise<Envelope> {
  const response = await send(method, path, body);
  const envelope = (await response.json().catch(() => ({ code: 'api.internal' }))) as Envelope;
  await wordsLoaded();
  if (response.status === 202 && envelope.code === PENDING) return envelope;
  if (envelope.code && envelope.code !== 'api.success') {
    throw new ApiError(response.status, envelope.code, envelope.message ?? busy, envelope.errors, undefined, envelope);
  }
  return envelope;
}

/** The envelope's data, parsed with the contracts schema when one is given. */
function call<S extends z.ZodType>(method: string, path: string, body: unknown, schema: S): Promise<z.output<S>>;
function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
async function call(method: string, path: string, body?: unknown, schema?: z.ZodType): Promise<unknown> {
  const envelope = await request(method, path, body);
  // Only `action` expects a request waiting for approval; elsewhere it is an answer the page cannot use.
  if (envelope.code === PENDING) throw new ApiError(202, envelope.code, envelope.message ?? busy);
  return schema ? schema.parse(envelope.data) : envelope.data;
}

/**
 * A staff action that may wait for another admin's approval: its data parsed with `schema`, or,
 * on HTTP 202, the request it became (the answer parsed with the contracts' `approvalPendingSchema`).
 */
async function action<S extends z.ZodType>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S> | AwaitingApproval> {
  const envelope = await request(method, path, body);
  if (envelope.code === PENDING) {
    // Only the console's actions get here: the schema is fetched with the contracts then, not on a player's page.
    const { approvalPendingSchema } = await import('@carabala/contracts');
    const pending = approvalPendingSchema.parse(envelope);
    return new AwaitingApproval(
      pending.data.approvalId,
      sentenceText(pending.key ?? codeKey(pending.code), undefined, pending.message),
    );
  }
  return schema.parse(envelope.data);
}

/**
 * Saves a file the API answers (a CSV export) under the server's file name. A plain link cannot
 * carry the bearer token, so the bytes are fetched and handed to the browser as a download.
 */
async function download(path: string): Promise<string> {
  const response = await send('GET', path);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}

/**
 * The one API client: bearer from access_token, body unwrapped and parsed with the contracts schema
 * (`api.get(path, schema)`, `api.post(path, body, schema)`), refusals rejected as `ApiError`; a staff
 * action that may wait for approval goes through `api.action`, which answers `AwaitingApproval` then.
 */
export const api = {
  request,
  download,
  action,
  get: ((path: string, schema?: z.ZodType) => call('GET', path, undefined, schema as z.ZodType)) as {
    <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
    <T = unknown>(path: string): Promise<T>;
  },
  post: ((path: string, body?: unknown, schema?: z.ZodType) => call('POST', path, body ?? {}, schema as z.ZodType)) as {
    <S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>>;
    <T = unknown>(path: string, body?: unknown): Promise<T>;
  },
  put: ((path: string, body: unknown, schema: z.ZodType) => call('PUT', path, body, schema)) as <S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
  ) => Promise<z.output<S>>,
  patch: ((path: string, body: unknown, schema: z.ZodType) => call('PATCH', path, body, schema)) as <
    S extends z.ZodType,
  >(
    path: string,
    body: unknown,
    schema: S,
  ) => Promise<z.output<S>>,
  delete: ((path: string, schema?: z.ZodType) => call('DELETE', path, undefined, schema as z.ZodType)) as {
    <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
    <T = unknown>(path: string): Promise<T>;
  },
};
