// The steady load of the production fault suite (production-faults.mjs), through nginx.
import { call, sleep } from './clients.mjs';

/** A pack without a purchase limit, so the same receivers can buy it again and again. */
const UNLIMITED_PRODUCT_ID = 44;

/**
 * Steady load through nginx until `finish()`: page and /api/me reads, one claim of `code` by each new
 * player, purchases paid through the bank feed. Every request is kept with its kind, times, status and
 * Retry-After.
 */
export async function startLoad({ site, code, feed, createPlayers }) {
  const claimers = await createPlayers(3000);
  const [reader] = await createPlayers(1);
  const receivers = await createPlayers(12);
  const requests = [];
  const paidOrders = [];
  const claimed = [];
  let stop = false;
  const timed = async (kind, method, url, options = {}) => {
    const entry = { kind, method, start: Date.now() };
    const answer = await call(method, url, { ...options, timeoutMs: 15_000 });
    Object.assign(entry, { end: Date.now(), status: answer.status, retryAfter: answer.headers.get('retry-after') });
    requests.push(entry);
    return answer;
  };
  const purchaseLoop = async (index) => {
    while (!stop) {
      const receiver = receivers[index % receivers.length];
      const placed = await timed('purchase', 'POST', `${site}/api/transactions/bank`, {
        body: { shortId: receiver.shortId, productId: UNLIMITED_PRODUCT_ID },
      });
      const order =
        placed.status === 200 && (await timed('order', 'GET', `${site}/api/transactions/bank/${placed.json.data.id}`));
      if (!order || order.status !== 200) {
        await sleep(250); // the player waits a moment before trying again
        continue;
      }
      // The bank feed retries its webhook until the site accepts it, as SePay does.
      const event = await feed.transfer(order.json.data.code, order.json.data.totalPrice).catch(() => null);
      requests.push({ kind: 'webhook', method: 'POST', start: Date.now(), end: Date.now(), status: event ? 200 : 0 });
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
      else await sleep(100);
    }
  };
  const readLoop = async (page) => {
    while (!stop) {
      const me = await timed('me', 'GET', `${site}/api/me`, { token: reader.token });
      const shown = await timed(`page ${page}`, 'GET', `${site}${page}`);
      if (me.status !== 200 || shown.status !== 200) await sleep(100);
    }
  };
  const running = Promise.all([
    ...[0, 1, 2].map(purchaseLoop),
    ...[0, 1, 2, 3].map(claimLoop),
    readLoop('/'),
    readLoop('/news'),
  ]);
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
