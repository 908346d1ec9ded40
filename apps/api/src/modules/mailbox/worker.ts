import type { GameMailAnswer, GameMailBody } from '@carabala/contracts/game-api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BoundedMap, textBytes } from '../../lib/bounded-map';
import type { EventPublisher } from '../../lib/events';
import { backoffDelay, repeated } from '../../lib/repeat';
import type { GameBackend } from '../game';
import { gamePlayerIdsOf } from '../users';
import { claimDueMails, markMailsDelivered, markMailFailed, retryWaitingMails, type ClaimedMail } from './repository';
import { text } from '../../lib/sentences';

/** Mails remembered as waiting for a back-off, so that they go at once when the game answers again. */
const WAITING_LIMIT = 10_000;
const WAITING_BYTES = 2 * 1024 * 1024;
/** The first pause between two attempts at recording an acknowledged delivery; doubled each time, capped. */
const RECORD_RETRY_FIRST_MS = 100;
const RECORD_RETRY_MAX_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MailboxWorkerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The game's back end: its `deliverMail` (signed POST /mails, or the embedded mailbox's record). */
  game: Pick<GameBackend, 'deliverMail' | 'mode'>;
  batchSize: number;
  pollMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  leaseSeconds: number;
  /** Where `mail.delivered` goes once the game's acknowledgements are recorded. */
  events: EventPublisher;
}

export interface MailboxWorker {
  start(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  /** Runs one batch now; returns how many mails it handled. */
  runOnce(): Promise<number>;
  /** Asks for a batch now (mail was queued), instead of at the next poll. */
  nudge(): void;
  /** When the loop last finished a round of the outbox (its heartbeat); null before the first. */
  lastRoundAt(): Date | null;
}

/** Why the game refused a mail for good, for staff (the mail is dead: sending it again cannot help). */
const refusalText: Record<Extract<GameMailAnswer, { result: 'refused' }>['reason'], string> = {
  unknown_player: text('server.mail.refusedUnknownPlayer'),
  unknown_character: text('server.mail.refusedUnknownCharacter'),
  unknown_item: text('server.mail.refusedUnknownItem'),
};

/**
 * The contract's mail (docs/game-api.md, POST /mails) of a claimed mail; `playerId` is the receiver's id in
 * the game (its shadow's, GAME_API_URL), or null when the receiver is the embedded game's own player.
 */
function gameMailOf(mail: ClaimedMail, playerId: string | null): GameMailBody {
  return {
    id: mail.id,
    playerId: playerId ?? mail.receiverId,
    userId: mail.receiverShortId,
    serverId: mail.character?.serverId ?? null,
    characterId: mail.character?.characterId ?? null,
    title: mail.title,
    items: mail.items,
    source: mail.source,
    sourceId: mail.sourceId,
  };
}

type Sent = { taken: true } | { taken: false; error: string; permanent: boolean };

/**
 * How long a nudge waits before the batch is read: at 100 claims a second each mail was a batch of
 * its own (a read, a look-up of its player, a send, a write and an event per mail); 50 ms adds no
 * wait a player sees to a delivery the game takes in seconds.
 */
export const NUDGE_GATHER_MS = 50;

/** Gives the mail to the game: taken, or why not (the game unreachable, or its refusal for good). */
async function deliver(game: MailboxWorkerOptions['game'], mail: ClaimedMail, playerId: string | null): Promise<Sent> {
  try {
    const answer = await game.deliverMail(gameMailOf(mail, playerId));
    if (answer.result === 'ok') return { taken: true };
    return { taken: false, error: refusalText[answer.reason], permanent: true };
  } catch (error) {
    return { taken: false, error: error instanceof Error ? error.message : String(error), permanent: false };
  }
}

/**
 * Records the deliveries the game acknowledged in a batch, through a database blip: the recording is
 * retried, never the sends. Bounded by half the lease; past it the mails are sent again after the lease,
 * which the game recognises by their idempotency keys. True once recorded.
 */
async function recordDelivered(
  { db, log, leaseSeconds }: Pick<MailboxWorkerOptions, 'db' | 'log' | 'leaseSeconds'>,
  ids: string[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const deadline = Date.now() + (leaseSeconds * 1000) / 2;
  let pause = RECORD_RETRY_FIRST_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await markMailsDelivered(db, ids);
      if (attempt > 1) log.info({ mails: ids.length, attempts: attempt }, 'acknowledged deliveries recorded');
      return true;
    } catch (error) {
      const err = error instanceof Error ? error.message : String(error);
      if (Date.now() + pause > deadline) {
        log.error({ mailIds: ids, err }, 'acknowledged deliveries not recorded: sent again after the lease');
        return false;
      }
      if (attempt === 1) log.warn({ mails: ids.length, err }, 'acknowledged deliveries not recorded yet, retrying');
      await sleep(pause);
      pause = Math.min(pause * 2, RECORD_RETRY_MAX_MS);
    }
  }
}

export function createMailboxWorker(options: MailboxWorkerOptions): MailboxWorker {
  const { db, log } = options;
  // The mails this worker left waiting for a back-off, with the next attempt it gave each.
  const waiting = new BoundedMap<Date>(WAITING_LIMIT, WAITING_BYTES, (id) => textBytes(id) + 32);
  // The game failed a send since its last success: the next success drains the waiting mails.
  let gameFailing = false;
  let drainNow = false;
  let lastRoundAt: Date | null = null;

  /** The game answers again: the mails waiting for their back-off are made due now. */
  async function drainWaiting(): Promise<void> {
    const now = Date.now();
    const due: { id: string; retryAt: Date }[] = [];
    for (const [id, retryAt] of waiting.entries()) if (retryAt.getTime() > now) due.push({ id, retryAt });
    waiting.clear();
    try {
      const revived = await retryWaitingMails(db, due);
      if (revived > 0) {
        drainNow = true;
        log.info({ mails: revived }, 'the game answers again: mails waiting for a back-off are sent now');
      }
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'waiting mails left to their back-off');
    }
  }

  /** Sends one mail; true when the game took it (recorded with its batch), a failure is recorded here. */
  async function send(mail: ClaimedMail, playerId: string | null): Promise<boolean> {
    waiting.delete(mail.id);
    const sent = await deliver(options.game, mail, playerId);
    if (sent.taken) return true;
    const failure = sent.error;
    // A refusal is an answer: the game is there, and this mail can never be taken.
    if (!sent.permanent) gameFailing = true;
    const dead = sent.permanent || mail.attempts >= options.maxAttempts;
    const retryAt = dead
      ? null
      : new Date(Date.now() + backoffDelay(mail.attempts, options.backoffBaseMs, options.backoffMaxMs));
    try {
      await markMailFailed(db, mail.id, failure, retryAt);
    } catch (error) {
      // Unrecorded, the mail is tried again after its lease, as if this worker had died.
      log.warn(
        { mailId: mail.id, err: error instanceof Error ? error.message : String(error) },
        'failure not recorded',
      );
      return false;
    }
    if (retryAt) waiting.set(mail.id, retryAt);
    if (dead) log.error({ mailId: mail.id, attempts: mail.attempts, err: failure }, 'mail is dead');
    else log.warn({ mailId: mail.id, attempts: mail.attempts, err: failure }, 'mail delivery failed');
    return false;
  }

  async function runOnce(): Promise<number> {
    drainNow = false;
    const batch = await claimDueMails(db, options.batchSize, options.leaseSeconds);
    // The receivers' ids in the game: their shadows' in connected mode, their own in the embedded one.
    const players =
      options.game.mode === 'embedded'
        ? new Map()
        : await gamePlayerIdsOf(
            db,
            batch.map((mail) => mail.receiverId),
          );
    // The batch is the concurrency limit: at most batchSize sends at a time, a backlog batch after batch.
    const taken = await Promise.all(batch.map((mail) => send(mail, players.get(mail.receiverId) ?? null)));
    const delivered = batch.filter((_, index) => taken[index]);
    if (
      await recordDelivered(
        options,
        delivered.map((mail) => mail.id),
      )
    ) {
      // Committed: what earned each mail (an order's open panel) shows it delivered.
      await options.events.publish('mail.delivered', {
        mails: delivered.map(({ id, source, sourceId }) => ({ id, source, sourceId })),
      });
    }
    if (gameFailing && taken.some(Boolean)) {
      gameFailing = false;
      await drainWaiting();
    }
    return batch.length;
  }

  const loop = repeated({
    // A round of the loop, whatever it found, is the worker's heartbeat.
    run: () =>
      runOnce().finally(() => {
        lastRoundAt = new Date();
      }),
    delayAfter: (handled) => ((handled ?? 0) >= options.batchSize || drainNow ? 0 : options.pollMs),
    // The mails of claims and payments arriving together are sent in one batch (decision record 062).
    gatherMs: NUDGE_GATHER_MS,
    log,
    failed: 'mailbox batch failed',
  });
  return { start: loop.start, stop: loop.stop, runOnce, nudge: loop.nudge, lastRoundAt: () => lastRoundAt };
}
