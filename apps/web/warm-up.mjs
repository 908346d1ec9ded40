/**
 * Warm before traffic (docs/decisions/026): a new web process renders the public pages once through its
 * own request handler, on a private loopback port, before server.mjs binds the public one. Until then
 * nginx's connections to it are refused at once and go to the other web process, instead of waiting on a
 * process busy loading and rendering its first pages (measured: connection timeouts, nginx taking the
 * process out of rotation, a p99 of 5.4 s in the first seconds).
 */
import { createServer } from 'node:http';
import { LINKED_PAGES, WARM_PAGES } from './public-pages.mjs';

const LINK = /href="(\/[^"]*)"/g;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `url` every 0.5 s until it answers 200 or `deadline` (ms) passes; true when it did. */
async function answersBy(url, deadline) {
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())) });
      await response.body?.cancel();
      if (response.ok) return true;
    } catch {
      // not listening yet, or no answer in time
    }
    if (Date.now() + 500 >= deadline) return false;
    await sleep(500);
  }
}

/**
 * Waits until the API's `ready` address answers 200, then renders every page of `pages` (by default the
 * `warm` addresses of the public pages, in Vietnamese, the default locale) and the first address of each
 * of `linked` that those pages link to (an article, from the news list) through `handler` until each
 * answers below 500, all within `seconds`:
 * a process whose API is away still starts, and its pages then fail as they would have. Rendering only
 * once the API is ready keeps a render that can only fail (each one logs a stack trace) out of a first
 * `npm start`, where the API migrates and seeds while the web starts. Returns what happened, for the
 * start-up log line.
 */
export async function warmUp(handler, { seconds, ready, pages = WARM_PAGES, linked = LINKED_PAGES }) {
  const began = Date.now();
  const deadline = began + seconds * 1000;
  if (!(await answersBy(ready, deadline))) return { milliseconds: Date.now() - began, cold: [...pages] };
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const cold = [];
  const render = async (path) => {
    for (;;) {
      try {
        const response = await fetch(`${base}${path}`, {
          headers: { 'accept-encoding': 'gzip, br' },
          signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())),
        });
        const text = await response.text();
        if (response.status < 500) return text;
      } catch {
        // no answer in time: counted as cold below
      }
      if (Date.now() + 500 >= deadline) {
        cold.push(path);
        return '';
      }
      await sleep(500);
    }
  };
  const unfound = new Set(linked);
  try {
    for (const path of pages) {
      const links = [...(await render(path)).matchAll(LINK)].map(([, address]) => address);
      for (const pattern of unfound) {
        const address = links.find((link) => pattern.test(link));
        if (address === undefined) continue;
        unfound.delete(pattern);
        await render(address);
      }
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { milliseconds: Date.now() - began, cold };
}
