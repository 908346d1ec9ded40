import type { BankFeedStatus, DailyReport } from '@carabala/contracts';
import { vietnamDayRange, vietnamTimestamp } from '@carabala/contracts/labels';
import { csvFile } from '../../lib/csv';
import type { Db } from '../../lib/deps';
import { recordAudit } from '../audit';
import { creditedPart, toBankEvent } from './bank-event-views';
import { findFeedState } from './feed-repository';
import { paymentsMessages as m } from './messages';

const header = (key: string) => text(`server.reconciliationCsv.${key}`);
/** Where a bank event came from, as the console names it; an unknown provider as itself. */
const sourceName = (provider: string) => {
  const path = `adminPayments.source.${provider}`;
  const name = text(path);
  return name === path ? provider : name;
};
import { bankEventHealth, creditedRevenue, findEventsReceivedBetween, moneyFigures } from './reconciliation-repository';
import { text } from '../../lib/sentences';

/** A day's sums to the đồng (the CSV writes these; the JSON answer's numbers are exact below 2^53). */
interface ExactTotals {
  moneyIn: bigint;
  credited: bigint;
  held: bigint;
  refunded: bigint;
}

/** A day's report as CSV: the totals, then each bank event; Vietnamese headers (server.reconciliationCsv). */
function reportCsv(date: string, report: DailyReport, exact: ExactTotals) {
  return csvFile([
    ['day', 'moneyIn', 'credited', 'held', 'refunded', 'balanced'].map(header),
    [
      date,
      exact.moneyIn,
      exact.credited,
      exact.held,
      exact.refunded,
      text(report.balanced ? 'server.yes' : 'server.no'),
    ],
    [],
    [
      'event',
      'source',
      'bankReference',
      'receivedAt',
      'amount',
      'eventCredited',
      'eventHeld',
      'refunded',
      'match',
      'order',
      'problem',
    ].map(header),
    ...report.events.map((event) => [
      event.id,
      sourceName(event.provider),
      event.referenceCode,
      vietnamTimestamp(event.receivedAt),
      event.amount,
      event.creditedAmount,
      event.heldAmount,
      event.refundedAmount,
      text(`adminPayments.match.${event.match}`),
      event.orderCode,
      event.problem,
    ]),
  ]);
}

/**
 * Reconciliation: the daily report of money in (and its CSV), the bank-feed pull's status, and the
 * money figures of the staff overview. Revenue is one function, `creditedRevenue`
 * (reconciliation-repository.ts): the report's "Đã ghi có" and the overview's revenue both read it.
 */
export function createReconciliationService({ db }: { db: Db }) {
  /**
   * Money in on one Vietnam-time day: every incoming event is credited (paid for a pack), held
   * (waits for review) or refunded, and the three add up to the đồng. An event whose parts do not
   * fit its amount or its order is listed with the reason.
   */
  async function reconcile(date: string): Promise<{ report: DailyReport; exact: ExactTotals }> {
    const range = vietnamDayRange(date);
    // One snapshot: the events and the revenue total are read together, so they agree.
    const { rows, credited } = await db.transaction(
      async (tx) => ({
        rows: await findEventsReceivedBetween(tx, range),
        credited: await creditedRevenue(tx, range),
      }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Added as bigint: held transfers (too_large) may pass 2^53 together, where a number loses đồng.
    const exact: ExactTotals = { moneyIn: 0n, credited: BigInt(credited), held: 0n, refunded: 0n };
    const events = rows
      .filter(({ event }) => event.transferType === 'in')
      .map((row) => {
        const { event, refunded } = row;
        const creditedHere = creditedPart(event, row.orderStatus);
        const held = event.amount - creditedHere - refunded;
        let problem: string | null = null;
        if (creditedHere > event.amount) problem = m.problems.creditedTooMuch;
        else if (held < 0) problem = m.problems.refundedTooMuch;
        else if (creditedHere > 0 && !row.orderStatus) problem = m.problems.creditedMissingOrder;
        else if (event.match === 'credited' && event.creditedAmount !== event.amount) {
          problem = m.problems.creditMismatch;
        }
        exact.moneyIn += BigInt(event.amount);
        exact.held += BigInt(held);
        exact.refunded += BigInt(refunded);
        const { payload: _payload, ...shown } = toBankEvent(row);
        return { ...shown, orderCode: row.orderCode, problem };
      });
    const balanced =
      events.every((event) => event.problem === null) && exact.moneyIn === exact.credited + exact.held + exact.refunded;
    const totals = {
      moneyIn: Number(exact.moneyIn),
      credited: Number(exact.credited),
      held: Number(exact.held),
      refunded: Number(exact.refunded),
    };
    return { report: { date, ...totals, balanced, events }, exact };
  }

  return {
    dailyReport: async (date: string): Promise<DailyReport> => (await reconcile(date)).report,

    async dailyReportCsv(date: string): Promise<string> {
      const { report, exact } = await reconcile(date);
      return reportCsv(date, report, exact);
    },

    async recordFeedRun(actorId: string): Promise<void> {
      await recordAudit(db, { actorId, action: 'bank_feed.run', targetType: 'bank_feed', targetId: null, detail: {} });
    },

    async bankFeedStatus(feed: { enabled: boolean; everyMinutes: number }): Promise<BankFeedStatus> {
      const state = await findFeedState(db);
      return {
        enabled: feed.enabled,
        everyMinutes: feed.everyMinutes,
        running: Boolean(state?.leaseUntil && state.leaseUntil > new Date()),
        lastStartedAt: state?.lastStartedAt?.toISOString() ?? null,
        lastFinishedAt: state?.lastFinishedAt?.toISOString() ?? null,
        lastSeen: state?.lastSeen ?? 0,
        lastRecorded: state?.lastRecorded ?? 0,
        lastError: state?.lastError ?? null,
      };
    },

    moneyFigures: () => moneyFigures(db),

    /** The bank feed's signs of life (the alerts and the health board): the newest event, held money, the pull. */
    async bankFeedHealth() {
      const [events, state] = await Promise.all([bankEventHealth(db), findFeedState(db)]);
      return {
        ...events,
        pullLastSucceededAt: state?.lastSucceededAt ?? null,
        pullLastFinishedAt: state?.lastFinishedAt ?? null,
        pullLastError: state?.lastError ?? null,
      };
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
