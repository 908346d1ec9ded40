/**
 * An open-loop HTTP load driver: requests leave on a fixed schedule (n / rate seconds after the start),
 * whether or not earlier ones were answered, and each latency is measured from the time the request was
 * due, not from when a free connection took it. A server that stalls therefore shows its stall in every
 * request due meanwhile (no coordinated omission, unlike a closed loop such as autocannon).
 *
 * Raw keep-alive sockets and a prebuilt request per kind keep the driver's own cost per request small
 * (it shares the machine with what it measures). Responses are read by ./http-reader.mjs.
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

import { createResponseReader } from './http-reader.mjs';

/** The bytes of one HTTP/1.1 request to `host`. */
export function rawRequest(host, { method = 'GET', path, headers = {}, body }) {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}

/** The value at fraction `q` of sorted latencies (ms), or null when there are none. */
export function quantile(sorted, q) {
  return sorted.length ? +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1) : null;
}

/**
 * One step: `rate` requests per second for `seconds`, over `connections` keep-alive sockets to `base`
 * opened at the start, and more (up to `maxConnections`) whenever a request is due and none is free.
 * `next(i)` gives the i-th request: { route, bytes, keepBody? }; `check(answer)` (request, status, body when
 * keepBody) says whether it succeeded. Ends once every request is answered or `graceMs` after the last
 * was due (the rest count as timeouts). Returns per-route latencies (sorted, ms) and failures.
 */
export async function runStep({
  base,
  rate,
  seconds,
  connections,
  maxConnections = 2000,
  next,
  check = ({ status }) => status === 200,
  graceMs = 10_000,
}) {
  const { hostname, port } = new URL(base);
  const total = Math.round(rate * seconds);
  const routes = new Map();
  const route = (name) => {
    if (!routes.has(name)) routes.set(name, { latencies: [], failures: {} });
    return routes.get(name);
  };
  const fail = (name, reason) => {
    const failures = route(name).failures;
    failures[reason] = (failures[reason] ?? 0) + 1;
  };
  const waiting = [];
  const idle = [];
  const sockets = new Set();
  let answered = 0;
  let lastAnswerAt = 0;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));

  /** A request due now: `next(i)`'s answer (often one prebuilt object) and when it was due. */
  const settle = ({ request, due }, ok, reason) => {
    if (ok) route(request.route).latencies.push(performance.now() - due);
    else fail(request.route, reason);
    answered += 1;
    lastAnswerAt = performance.now();
    if (answered === total) finish();
  };

  const open = () => {
    const socket = connect({ host: hostname, port: Number(port), noDelay: true });
    let current = null;
    const read = createResponseReader(
      ({ status, keepAlive, body }) => {
        const job = current;
        current = null;
        const ok = check({ request: job.request, status, body: body ? body.toString('utf8') : '' });
        settle(job, ok, ok ? '' : `HTTP ${status}`);
        if (keepAlive) release(connection);
        else replace(connection);
      },
      () => Boolean(current?.request.keepBody),
    );
    const connection = {
      socket,
      send(job) {
        current = job;
        socket.write(job.request.bytes);
      },
      get current() {
        return current;
      },
    };
    socket.on('data', (data) => {
      try {
        read(data);
      } catch (error) {
        socket.destroy(error);
      }
    });
    const lost = (reason) => {
      if (!sockets.has(connection)) return;
      sockets.delete(connection);
      if (current) settle(current, false, reason);
      current = null;
      if (answered < total) release(open());
    };
    socket.on('error', (error) => lost(error.code ?? error.message));
    socket.on('close', () => lost('connection closed'));
    sockets.add(connection);
    return connection;
  };
  const release = (connection) => {
    const job = waiting.shift();
    if (job) connection.send(job);
    else idle.push(connection);
  };
  const replace = (connection) => {
    sockets.delete(connection);
    connection.socket.destroy();
    release(open());
  };
  for (let i = 0; i < connections; i += 1) idle.push(open());

  const start = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const job = { request: next(sent), due: start + (sent * 1000) / rate };
        sent += 1;
        // Every visitor has connections of their own: when all are busy, another opens (up to the cap),
        // so a slow claim does not hold a page back behind it.
        const connection = idle.pop() ?? (sockets.size < maxConnections ? open() : undefined);
        if (connection) connection.send(job);
        else waiting.push(job);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const grace = setTimeout(finish, graceMs);
  if (total === 0) finish();
  await finished;
  clearTimeout(grace);
  const elapsed = (Math.max(lastAnswerAt, start + seconds * 1000) - start) / 1000;
  for (const job of waiting.splice(0)) fail(job.request.route, 'timeout');
  for (const connection of sockets) {
    if (connection.current) fail(connection.current.request.route, 'timeout');
    sockets.delete(connection);
    connection.socket.destroy();
  }
  for (const entry of routes.values()) entry.latencies.sort((a, b) => a - b);
  return { total, elapsed, routes };
}

/** Totals of a step: the achieved rate (answered successfully per second), p50/p99 and failures, by route and in all. */
export function summarize({ total, elapsed, routes }) {
  const all = [];
  const byRoute = {};
  const failures = {};
  for (const [name, { latencies, failures: failed }] of routes) {
    for (const latency of latencies) all.push(latency);
    byRoute[name] = { count: latencies.length, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
    for (const [reason, count] of Object.entries(failed)) failures[`${name}: ${reason}`] = count;
  }
  all.sort((a, b) => a - b);
  const errors = Object.values(failures).reduce((sum, count) => sum + count, 0);
  return {
    offered: total,
    achieved: all.length / elapsed,
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    errors,
    failures,
    byRoute,
  };
}
