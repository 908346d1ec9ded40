import { repeated } from '../../lib/repeat';
import { z } from 'zod';
import type { Config, Db, Logger } from '../../lib/deps';
import { advanceFeedCursor, claimFeedPull, finishFeedPull } from './feed-repository';
import type { IngestService } from './ingest';

/** One transaction of SePay API v2 (GET /v2/transactions); amounts are integers of dong. */
const pulledTransactionSchema = z.object({
  id: z.string().min(1).max(64),
  transaction_date: z.string().nullable().optional(),
  account_number: z.string().nullable().optional(),
  transfer_type: z.string().nullable().optional(),
  amount_in: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  amount_out: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  transaction_content: z.string().nullable().optional(),
  reference_number: z.string().nullable().optional(),
  code: z.string().nullable().optional(),
});

const pageSchema = z.object({
  data: z.array(z.unknown()),
  meta: z.object({ pagination: z.object({ has_more: z.boolean() }) }),
});

const PER_PAGE = 100;
const LEASE_SECONDS = 120;
const MAX_RETRY_AFTER_SECONDS = 30;

export interface PullResult {
  /** False when another run held the pull. */
  ran: boolean;
  seen: number;
  recorded: number;
  error: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads SePay's transaction list after the stored cursor (ascending date, page by page) and feeds
 * each transfer to the one credit operation. The transfer key makes a pulled copy of a transfer the
 * webhook already stored a no-op (decision record 007); the cursor moves only past stored pages,
 * so a run killed at any point loses nothing and the next run repeats at most one page harmlessly.
 */
export function createBankFeedPull({
  db,
  config,
  payments,
  log,
}: {
  db: Db;
  config: Config;
  payments: Pick<IngestService, 'recordTransfer'>;
  log: Logger;
}) {
  const token = config.SEPAY_API_TOKEN;

  async function fetchPage(sinceId: string | null, page: number): Promise<z.infer<typeof pageSchema>> {
    const url = new URL(`${config.SEPAY_API_URL.replace(/\/$/, '')}/transactions`);
    url.searchParams.set('transaction_date_sort', 'asc');
    url.searchParams.set('per_page', String(PER_PAGE));
    url.searchParams.set('page', String(page));
    if (sinceId) url.searchParams.set('since_id', sinceId);
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 429 && attempt < 5) {
        const wait = Math.min(Number(response.headers.get('retry-after')) || 1, MAX_RETRY_AFTER_SECONDS);
        await response.body?.cancel();
        await sleep(wait * 1000);
        continue;
      }
      if (!response.ok) throw new Error(`SePay API answered ${response.status}`);
      return pageSchema.parse(await response.json());
    }
  }

  async function pull(): Promise<PullResult> {
    const claim = await claimFeedPull(db, LEASE_SECONDS);
    if (!claim) return { ran: false, seen: 0, recorded: 0, error: null };
    let seen = 0;
    let recorded = 0;
    let error: string | null = null;
    try {
      for (let page = 1; ; page += 1) {
        const body = await fetchPage(claim.sinceId, page);
        let last: string | undefined;
        for (const raw of body.data) {
          const parsed = pulledTransactionSchema.safeParse(raw);
          if (!parsed.success) throw new Error('SePay API sent a transaction that cannot be read');
          const item = parsed.data;
          seen += 1;
          const outcome = await payments.recordTransfer({
            provider: 'sepay-api',
            providerId: item.id,
            amount: item.transfer_type === 'in' ? (item.amount_in ?? 0) : (item.amount_out ?? 0),
            transferType: item.transfer_type ?? null,
            accountNumber: item.account_number ?? null,
            code: item.code ?? null,
            content: item.transaction_content ?? null,
            description: null,
            referenceCode: item.reference_number ?? null,
            transactionDate: item.transaction_date ?? null,
            payload: raw,
          });
          if (outcome.kind === 'recorded') recorded += 1;
          last = item.id;
        }
        if (last) await advanceFeedCursor(db, last, LEASE_SECONDS);
        if (!body.meta.pagination.has_more || body.data.length === 0) break;
      }
    } catch (failure) {
      error = failure instanceof Error ? failure.message.slice(0, 500) : 'unknown error';
      log.warn({ err: failure }, 'bank feed pull failed');
    }
    await finishFeedPull(db, { seen, recorded, error });
    return { ran: true, seen, recorded, error };
  }

  const loop = repeated({
    run: pull,
    delayAfter: () => config.SEPAY_PULL_MINUTES * 60_000,
    firstDelayMs: 1000,
    log,
    failed: 'bank feed pull crashed',
  });
  return {
    enabled: Boolean(token),
    everyMinutes: config.SEPAY_PULL_MINUTES,
    /** One run now (the console's "Đối soát ngay"); a run already in progress is joined. */
    async runOnce(): Promise<PullResult> {
      if (!token) return { ran: false, seen: 0, recorded: 0, error: 'SEPAY_API_TOKEN is not set' };
      return loop.runNow();
    },
    /** Runs every SEPAY_PULL_MINUTES inside the worker; does nothing without a token. */
    start() {
      if (token) loop.start();
    },
    stop: loop.stop,
  };
}

export type BankFeedPull = ReturnType<typeof createBankFeedPull>;
