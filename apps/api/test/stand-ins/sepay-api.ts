import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A transaction as SePay API v2 lists it (GET /v2/transactions). */
export interface SepayApiTransaction {
  id: string;
  transaction_date: string;
  account_number: string;
  va: string;
  transfer_type: 'in' | 'out';
  amount_in: number;
  amount_out: number;
  accumulated: number;
  transaction_content: string;
  reference_number: string;
  code: string | null;
  bank_brand_name: string;
  bank_account_id: string;
  va_id: string | null;
  webhook_success: number;
}

/**
 * A stand-in for SePay API v2's transaction list on 127.0.0.1, in the documented shape: Bearer
 * token (401 JSON otherwise), `since_id` with `transaction_date_sort=asc`, `page`/`per_page`
 * (max 100) with `meta.pagination`, and 429 with `Retry-After` when told to limit.
 */
export async function startSepayApiStandIn(options: { token: string }) {
  const transactions: SepayApiTransaction[] = [];
  const state = { limitNext: 0, delayMs: 0, requests: 0, rateLimited: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    state.requests += 1;
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      return send(401, { status: 'error', error_code: 'unauthenticated', message: 'Unauthenticated.' });
    }
    if (state.limitNext > 0) {
      state.limitNext -= 1;
      state.rateLimited += 1;
      return send(
        429,
        { status: 'error', error_code: 'rate_limited', message: 'Too Many Requests' },
        { 'retry-after': '1', 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' },
      );
    }
    if (req.method !== 'GET' || url.pathname !== '/v2/transactions') {
      return send(404, { status: 'error', error_code: 'not_found', message: 'Not found' });
    }
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 20), 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    const ascending = [...transactions].sort((a, b) => a.transaction_date.localeCompare(b.transaction_date));
    const sinceId = url.searchParams.get('since_id');
    const after = sinceId ? ascending.slice(ascending.findIndex((item) => item.id === sinceId) + 1) : ascending;
    const data = after.slice((page - 1) * perPage, page * perPage);
    const lastPage = Math.max(1, Math.ceil(after.length / perPage));
    setTimeout(
      () =>
        send(200, {
          status: 'success',
          data,
          meta: {
            pagination: {
              total: after.length,
              per_page: perPage,
              current_page: page,
              last_page: lastPage,
              has_more: page < lastPage,
            },
          },
        }),
      state.delayMs,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let second = 0;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    state,
    /** Adds an incoming transfer to the bank feed; dates ascend in the order transfers are added. */
    addTransfer(transfer: { account: string; amount: number; content: string; reference: string }) {
      second += 1;
      const time = new Date(Date.UTC(2026, 10, 21, 3, 0, second)).toISOString();
      const item: SepayApiTransaction = {
        id: randomUUID(),
        transaction_date: `${time.slice(0, 10)} ${time.slice(11, 19)}`,
        account_number: transfer.account,
        va: '',
        transfer_type: 'in',
        amount_in: transfer.amount,
        amount_out: 0,
        accumulated: 0,
        transaction_content: transfer.content,
        reference_number: transfer.reference,
        code: null,
        bank_brand_name: 'MBBank',
        bank_account_id: randomUUID(),
        va_id: null,
        webhook_success: 0,
      };
      transactions.push(item);
      return item;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
