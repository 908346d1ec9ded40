import { tokenStore } from './storage';

/** A refusal from the API: the HTTP status, the stable code, the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

let onUnauthorized: () => void = () => undefined;
/** Called on any 401/403: the session layer clears storage and sets the user to null. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

interface Envelope<T> {
  code: string;
  message?: string;
  data?: T;
  errors?: Record<string, string[]>;
}

async function request<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
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
    throw new ApiError(0, 'api.network', 'Không thể kết nối máy chủ, vui lòng kiểm tra mạng và thử lại.');
  }
  const envelope = (await response.json().catch(() => ({ code: 'api.internal' }))) as Envelope<T>;
  // Only the session that was refused is signed out: a late answer to a request made with an older
  // token must not clear a session the player has just started.
  if ((response.status === 401 || response.status === 403) && token && tokenStore.get() === token) onUnauthorized();
  if (!response.ok || (envelope.code && envelope.code !== 'api.success')) {
    throw new ApiError(
      response.status,
      envelope.code ?? 'api.internal',
      envelope.message ?? 'Hệ thống đang bận, vui lòng thử lại sau.',
      envelope.errors,
    );
  }
  return envelope;
}

/** The API client of the description: bearer from access_token, body unwrapped, errors rejected. */
export const api = {
  request,
  get: <T>(path: string) => request<T>('GET', path).then((envelope) => envelope.data as T),
  post: <T>(path: string, body?: unknown) =>
    request<T>('POST', path, body ?? {}).then((envelope) => envelope.data as T),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}).then((envelope) => envelope.data as T),
  patch: <T>(path: string, body?: unknown) =>
    request<T>('PATCH', path, body ?? {}).then((envelope) => envelope.data as T),
  delete: <T>(path: string) => request<T>('DELETE', path).then((envelope) => envelope.data as T),
};
