import { randomInt } from 'node:crypto';
import {
  codes,
  GIFT_CODE_ALPHABET,
  giftCodeCodes,
  giftCodeMessages,
  giftCodeStatus,
  type GiftCodeBatchBody,
  type GiftCodeBatchResult,
  type GiftCodeClaimBody,
  type GiftCodeClaimResult,
  type GiftCodeCreateBody,
  type GiftCodeDetail,
  type GiftCodeFindManyBody,
  type GiftCodeRefusal,
  type GiftCodeSummary,
  type GiftCodeUpdateBody,
} from '@carabala/contracts';
import { itemLabel, vietnamTimestamp } from '@carabala/contracts/labels';
import { toPaged } from '../../db/paging';
import { csvFile } from '../../lib/csv';
import type { Config, Db, FailureCounter } from '../../lib/deps';
import type { EventPublisher } from '../../lib/events';
import { AppError, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { itemFields, itemNames, refuseUnlistedItems, resolveCharacter, type GamePlayers } from '../game';
import { giftCodesAdminMessages as m } from './messages';
import {
  claimCode,
  codeTakenByOther,
  findBatch,
  findBatchCodes,
  findClaims,
  findCodeById,
  findManyCodes,
  hasClaimOn,
  insertBatch,
  insertCode,
  insertCodes,
  lockCode,
  updateCode,
  type GiftCodeRow,
} from './repository';
import { text } from '../../lib/sentences';

/** Never 401/403: the site treats those as "signed out" (it opens the sign-in dialog), and these players are signed in. */
const refusalStatus: Record<GiftCodeRefusal, number> = {
  notFound: 404,
  unauthorized: 422,
  expired: 410,
  noneRemaining: 410,
  claimed: 409,
  newPlayerOnly: 422,
};

const refuse = (reason: GiftCodeRefusal) =>
  new AppError(refusalStatus[reason], giftCodeCodes[reason], giftCodeMessages[reason]);

const duplicateCode = () =>
  new AppError(409, giftCodeCodes.duplicate, giftCodeMessages.duplicate, { code: [giftCodeMessages.duplicate] });

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export function toSummary(row: GiftCodeRow, now = new Date()): GiftCodeSummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    rewards: row.rewards,
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    remaining: row.maxUses === null ? null : Math.max(0, row.maxUses - row.usesCount),
    startsAt: row.startsAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    newPlayerOnly: row.newPlayerOnly,
    allowedShortIds: row.allowedShortIds,
    active: row.active,
    status: giftCodeStatus(row, now),
    batchId: row.batchId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One random code: the prefix and `length` characters from an alphabet without look-alikes. */
function randomCode(prefix: string, length: number): string {
  let code = prefix;
  for (let i = 0; i < length; i += 1) code += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
  return code;
}

export interface GiftCodeLimits {
  newPlayerDays: number;
  failuresPerPlayer: number;
  failuresPerIp: number;
  failureWindowSeconds: number;
}

export const giftCodeLimits = (config: Config): GiftCodeLimits => ({
  newPlayerDays: config.GIFT_CODE_NEW_PLAYER_DAYS,
  failuresPerPlayer: config.GIFT_CODE_FAILURES_PER_PLAYER,
  failuresPerIp: config.GIFT_CODE_FAILURES_PER_IP,
  failureWindowSeconds: config.GIFT_CODE_FAILURE_WINDOW_SECONDS,
});

/** N new codes with one prefix and the same rules; a rare collision is simply drawn again. */
async function generateBatch(db: Db, actorId: string, body: GiftCodeBatchBody): Promise<GiftCodeBatchResult> {
  const { prefix, count, randomLength, ...rules } = body;
  return db.transaction(async (tx) => {
    await refuseUnlistedItems(tx, itemFields('rewards', rules.rewards));
    const batch = await insertBatch(tx, { prefix, name: rules.name, count, createdBy: actorId });
    const made: string[] = [];
    for (let round = 0; made.length < count; round += 1) {
      if (round > 20) throw new AppError(409, giftCodeCodes.duplicate, m.batchTooShort);
      const wanted = new Set<string>();
      while (wanted.size < count - made.length) wanted.add(randomCode(prefix, randomLength));
      const candidates = [...wanted];
      for (let i = 0; i < candidates.length; i += 1000) {
        const chunk = candidates.slice(i, i + 1000).map((code) => ({
          ...rules,
          code,
          startsAt: toDate(rules.startsAt),
          expiresAt: toDate(rules.expiresAt),
          batchId: batch.id,
          createdBy: actorId,
        }));
        made.push(...(await insertCodes(tx, chunk)));
      }
    }
    await recordAudit(tx, {
      actorId,
      action: 'gift_code.batch_generate',
      targetType: 'gift_code_batch',
      targetId: batch.id,
      detail: { prefix, count, randomLength, ...rules },
    });
    return { batchId: batch.id, count: made.length, codes: made };
  });
}

/** The batch as CSV: Vietnamese headers and values, numbers as plain integers, times in Vietnam time. */
async function exportBatch(db: Db, actorId: string, batchId: string): Promise<{ filename: string; csv: string }> {
  const batch = await findBatch(db, batchId);
  if (!batch) throw notFound(m.batchNotFound);
  const [rows, names] = await Promise.all([findBatchCodes(db, batchId), itemNames(db)]);
  const header = ['code', 'name', 'rewards', 'maxUses', 'used', 'startsAt', 'expiresAt', 'newPlayerOnly', 'active'].map(
    (key) => text(`server.giftCodesCsv.${key}`),
  );
  const yesNo = (value: boolean) => text(value ? 'server.yes' : 'server.no');
  const lines = rows.map((row) => [
    row.code,
    row.name,
    row.rewards.map((reward) => `${reward.quantity} × ${itemLabel(reward.itemId, names)}`).join('; '),
    row.maxUses ?? text('server.giftCodesCsv.unlimited'),
    row.usesCount,
    row.startsAt ? vietnamTimestamp(row.startsAt) : null,
    row.expiresAt ? vietnamTimestamp(row.expiresAt) : null,
    yesNo(row.newPlayerOnly),
    yesNo(row.active),
  ]);
  // Exported codes are worth their rewards: who took them is recorded.
  await recordAudit(db, {
    actorId,
    action: 'gift_code.batch_export',
    targetType: 'gift_code_batch',
    targetId: batchId,
    detail: { count: rows.length },
  });
  const stamp = batch.createdAt.toISOString().slice(0, 10);
  return {
    filename: `giftcodes-${batch.prefix || 'batch'}-${stamp}.csv`,
    csv: csvFile([header, ...lines]),
  };
}

/** One code staff create, its rewards items the game lists. */
async function createCode(db: Db, actorId: string, body: GiftCodeCreateBody): Promise<GiftCodeSummary> {
  const row = await db.transaction(async (tx) => {
    await refuseUnlistedItems(tx, itemFields('rewards', body.rewards));
    const inserted = await insertCode(tx, {
      ...body,
      startsAt: toDate(body.startsAt),
      expiresAt: toDate(body.expiresAt),
      createdBy: actorId,
    });
    if (!inserted) throw duplicateCode();
    await recordAudit(tx, {
      actorId,
      action: 'gift_code.create',
      targetType: 'gift_code',
      targetId: inserted.id,
      detail: body,
    });
    return inserted;
  });
  return toSummary(row);
}

/**
 * The character a claim's rewards go to: the one chosen, or the player's only one (resolveCharacter);
 * null (the account) when the player has none.
 */
async function claimCharacter(
  players: GamePlayers,
  playerId: string,
  choice: Pick<GiftCodeClaimBody, 'serverId' | 'characterId'>,
) {
  const claimer = await players.findPlayerById(playerId);
  return resolveCharacter(claimer?.servers ?? [], choice);
}

export interface GiftCodesDeps {
  db: Db;
  failures: FailureCounter;
  limits: GiftCodeLimits;
  /** The claimer's servers and characters (the game's players). */
  players: GamePlayers;
  /** Where `mail.queued` goes once a claim's mail is written. */
  events: EventPublisher;
}

export function createGiftCodeService({ db, failures, limits, players, events }: GiftCodesDeps) {
  /**
   * Redeems a code for a player. The refusals come in a fixed order, so one player and one code
   * always get the same answer: not_found, unauthorized (inactive, not started, not on the list),
   * expired, claimed, new_player_only, none_remaining. One statement (see claimCode) both chooses
   * the refusal and, when there is none, claims; the limits are enforced by the database: unique
   * constraints for "once per player", the CHECK on uses_count for the total.
   */
  async function claim(
    player: { id: string; shortId: string },
    { code, ...choice }: GiftCodeClaimBody,
    ip: string,
  ): Promise<GiftCodeClaimResult> {
    const playerKey = `gift:player:${player.id}`;
    const ipKey = `gift:ip:${ip}`;
    const [playerFailures, ipFailures] = await Promise.all([failures.count(playerKey), failures.count(ipKey)]);
    if (playerFailures >= limits.failuresPerPlayer || ipFailures >= limits.failuresPerIp) {
      throw new AppError(429, codes.rateLimited, giftCodeMessages.tooManyAttempts);
    }
    const character = await claimCharacter(players, player.id, choice);
    const written = await claimCode(db, {
      code,
      userId: player.id,
      shortId: player.shortId,
      ip,
      newPlayerDays: limits.newPlayerDays,
      character,
    });
    if (!written) {
      // Only unknown codes count: they are what guessing produces, and a used-up event code must not
      // lock out the many players who share one mobile-carrier IP.
      await Promise.all([
        failures.hit(playerKey, limits.failureWindowSeconds),
        failures.hit(ipKey, limits.failureWindowSeconds),
      ]);
      throw refuse('notFound');
    }
    if (written.outcome === 'refused') throw refuse(written.reason);
    if (written.outcome === 'none_remaining') {
      // The last use went to a concurrent claim; if that claim was this player's own, say so.
      throw refuse((await hasClaimOn(db, code, player.id)) ? 'claimed' : 'noneRemaining');
    }
    // The claim and its mail are one statement, committed when it answers.
    events.nudge('mail.queued');
    const { claimId, code: claimed, name, rewards } = written;
    return { claimId, code: claimed, name, rewards, character };
  }

  async function findMany(filter: GiftCodeFindManyBody) {
    const now = new Date();
    return toPaged(filter, await findManyCodes(db, filter), (row) => toSummary(row, now));
  }

  async function get(id: string): Promise<GiftCodeDetail> {
    const row = await findCodeById(db, id);
    if (!row) throw notFound(m.codeNotFound);
    const claims = await findClaims(db, id, 1000);
    return {
      ...toSummary(row),
      claims: claims.map((claimRow) => ({ ...claimRow, claimedAt: claimRow.claimedAt.toISOString() })),
    };
  }

  async function update(actorId: string, body: GiftCodeUpdateBody): Promise<GiftCodeSummary> {
    const row = await db.transaction(async (tx) => {
      const before = await lockCode(tx, body.id);
      if (!before) throw notFound(m.codeNotFound);
      if (body.maxUses !== null && body.maxUses < before.usesCount) {
        const message = m.maxUsesBelowUsed(before.usesCount);
        throw new AppError(400, codes.validation, message, { maxUses: [message] });
      }
      if (await codeTakenByOther(tx, body.code, body.id)) throw duplicateCode();
      // A reward the code already had may stay (an old code can still be turned off or renamed).
      await refuseUnlistedItems(
        tx,
        itemFields('rewards', body.rewards),
        before.rewards.map((reward) => reward.itemId),
      );
      const { id, ...fields } = body;
      const after = await updateCode(tx, id, {
        ...fields,
        startsAt: toDate(body.startsAt),
        expiresAt: toDate(body.expiresAt),
      });
      await recordAudit(tx, {
        actorId,
        action: 'gift_code.update',
        targetType: 'gift_code',
        targetId: id,
        detail: { before: toSummary(before), after: toSummary(after) },
      });
      return after;
    });
    return toSummary(row);
  }

  return {
    claim,
    findMany,
    get,
    create: (actorId: string, body: GiftCodeCreateBody) => createCode(db, actorId, body),
    update,
    generateBatch: (actorId: string, body: GiftCodeBatchBody) => generateBatch(db, actorId, body),
    exportBatch: (actorId: string, batchId: string) => exportBatch(db, actorId, batchId),
  };
}
