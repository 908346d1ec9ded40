// The steady load of the production suites (production-smoke.mjs, production-faults.mjs) through nginx:
// purchases paid through the bank-feed stand-in, gift-code claims by new players, page and /api/me reads.
import { call, sleep } from './clients.mjs';

/**
 * How heavy each suite's load is: new players who claim the code once each, receivers of the purchases,
 * loops of each kind (a read loop per page), how long a request may take, and whether a player waits a
 * moment after a failed answer before trying again (the fault suite, where failures are expected).
 */
const profiles = {
  smoke: { claimers: 5000, receivers: 20, buyers: 6, claimLoops: 6, pages: ['/', '/'], patient: false },
  faults: { claimers: 3000, receivers: 12, buyers: 3, claimLoops: 4, pages: ['/', '/news'], patient: true },
};
const timeouts = { smoke: 30_000, faults: 15_000 };

/**
 * Load through `site` until `finish()`, on new players (`createPlayers`), as heavy as `profile` says:
 * - buyers' loops, each buying `productId` for one of the receivers again and again and paying it
 *   through `feed` (which retries its webhook until the site accepts it, as SePay does);
 * - claim loops sharing the claimers, each of whom claims `code` once;
 * - a loop per page: GET /api/me as one more player, then GET the page.
 * Every request is kept in `requests` with its kind, method, times, status, Retry-After and a request id
 * (`${profile}-load-N`) that nginx's log and the API both keep, so a failure can be traced to the process
 * that had it.
 */
export async function startLoad({ site, feed, createPlayers }, { profile, code, productId }) {
  const { buyers, claimLoops, pages, patient } = profiles[profile];
  const claimers = await createPlayers(profiles[profile].claimers);
  const [reader] = await createPlayers(1);
  const receivers = await createPlayers(profiles[profile].receivers);
  const timeoutMs = timeouts[profile];
  const requests = [];
  const paidOrders = [];
  const claimed = [];
  let stop = false;
  let sequence = 0;
  const pause = (ms) => (patient ? sleep(ms) : undefined);
  const timed = async (kind, method, url, options = {}) => {
    const entry = { kind, method, start: Date.now(), id: `${profile}-load-${(sequence += 1)}` };
    const answer = await call(method, url, { ...options, timeoutMs, headers: { 'x-request-id': entry.id } });
    Object.assign(entry, { end: Date.now(), status: answer.status, retryAfter: answer.headers.get('retry-after') });
    requests.push(entry);
    return answer;
  };
  const purchaseLoop = async (index) => {
    while (!stop) {
      const receiver = receivers[index % receivers.length];
      const placed = await timed('purchase', 'POST', `${site}/api/transactions/bank`, {
        body: { shortId: receiver.shortId, productId },
      });
      const order =
        placed.status === 200 && (await timed('order', 'GET', `${site}/api/transactions/bank/${placed.json.data.id}`));
      if (!order || order.status !== 200) {
        await pause(250);
        continue;
      }
      const start = Date.now();
      const event = await feed.transfer(order.json.data.code, order.json.data.totalPrice).catch(() => null);
      const status = event ? 200 : 0; // 0: the feed gave up on the webhook
      requests.push({ kind: 'webhook', method: 'POST', start, end: Date.now(), status, attempts: event?.attempts });
      if (event) paidOrders.push(order.json.data);
    }
  };
  let next = 0;
  const claimLoop = async () => {
    while (!stop && next < claimers.length) {
      const player = claimers[next++];
      const answer = await timed('claim', 'POST', `${site}/api/gift-codes/claim`, {
        token: player.token,
        body: { code },
      });
      if (answer.status === 200) claimed.push(player.id);
      else await pause(100);
    }
  };
  const readLoop = async (page) => {
    while (!stop) {
      const me = await timed('me', 'GET', `${site}/api/me`, { token: reader.token });
      const shown = await timed(`page ${page}`, 'GET', `${site}${page}`);
      if (me.status !== 200 || shown.status !== 200) await pause(100);
    }
  };
  const running = Promise.all([
    ...Array.from({ length: buyers }, (_, index) => purchaseLoop(index)),
    ...Array.from({ length: claimLoops }, () => claimLoop()),
    ...pages.map(readLoop),
  ]);
  // A failed loop is reported by finish(); until then it must not end the process unhandled.
  running.catch(() => undefined);
  return {
    requests,
    paidOrders,
    claimed,
    claimers,
    async finish() {
      stop = true;
      await running;
    },
  };
}
