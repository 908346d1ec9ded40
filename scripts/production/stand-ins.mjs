// Stand-ins for the two outside services of the production topology, on 127.0.0.1 over real HTTP.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { sepayTransfer } from '../sepay-transfer.mjs';

function listen(server) {
  return new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`));
    server.on('error', reject);
  });
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * The game server's mailbox, as the README asks it to behave: it checks `X-Signature: sha256=<HMAC of
 * the body>` and applies each `Idempotency-Key` once (a repeat is acknowledged, not applied again).
 * It keeps everything it saw, so a test can tell a mail applied twice from a mail sent twice.
 */
export async function startGameMailbox(secret) {
  const applied = new Map(); // idempotency key -> the mail's body
  const refused = []; // bad signature, missing or mismatched key
  let requests = 0;
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    requests += 1;
    const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
    const given = Buffer.from(String(request.headers['x-signature'] ?? ''));
    const key = request.headers['idempotency-key'];
    let mail;
    try {
      mail = JSON.parse(raw.toString('utf8'));
    } catch {
      mail = null;
    }
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || !key || mail?.id !== key) {
      refused.push({ key, signature: request.headers['x-signature'] });
      response.writeHead(401).end();
      return;
    }
    if (!applied.has(key)) applied.set(key, mail);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  const url = await listen(server);
  return {
    url: `${url}/mailbox`,
    applied,
    refused,
    get requests() {
      return requests;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The bank feed (SePay): it records each incoming transfer in its ledger and POSTs the webhook to the
 * site from 127.0.0.1, retrying while the answer is not 2xx, as SePay does (here every 300 ms instead
 * of over 33 minutes). It can be stopped (transfers are kept) and started again (they are posted).
 */
export function createBankFeed({ webhookUrl, apiKey, accountNumber }) {
  const ledger = [];
  let nextId = randomInt(100_000, 900_000);
  // While the feed is stopped, transfers wait here and are delivered once it starts again.
  let stopped = null;

  async function deliver(event) {
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      while (stopped) await stopped.promise;
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Apikey ${apiKey}` },
          body: JSON.stringify(event),
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        event.attempts = attempt;
        if (response.ok) return attempt;
      } catch {
        // refused or reset: retried like any non-2xx answer
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`the webhook for bank transaction ${event.id} was never accepted`);
  }

  return {
    ledger,
    /** A transfer to the shop's account with the order code in the memo; resolves once the site accepted it. */
    async transfer(orderCode, amount) {
      const event = sepayTransfer({ id: nextId++, accountNumber, orderCode, amount });
      ledger.push(event);
      await deliver(event);
      return event;
    },
    /** Sends a ledger entry's webhook again (SePay retries a call whose answer it did not see). */
    resend: (event) => deliver(event),
    /** The feed goes quiet: transfers made from now on are kept, not posted. */
    stop() {
      if (!stopped) {
        let open;
        const promise = new Promise((resolve) => (open = resolve));
        stopped = { promise, open };
      }
    },
    /** The feed is back: the kept transfers are posted. */
    start() {
      stopped?.open();
      stopped = null;
    },
  };
}
