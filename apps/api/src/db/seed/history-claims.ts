import { randomUUID } from 'node:crypto';
import type { giftCodeClaims, giftCodes, mails } from '../schema';
import type { MailItem } from '../schema/mailbox';
import { DAY, delayAround, HISTORY_DAYS, HOUR, MINUTE, type Calendar } from './history-days';
import type { HistoryPlayer } from './history-players';
import type { Random } from './random';

// The demo history's gift-code claims, as the claim statement leaves them: the claim, the code's use
// and the in-game mail (delivered). The new players' code is claimed in a player's first days, the
// fanpage's code at any time, and each event's code in a rush when it is announced.

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type CodeInsert = Insert<typeof giftCodes> & { id: string; code: string; rewards: MailItem[] };

export interface ClaimHistory {
  codes: CodeInsert[];
  claims: Insert<typeof giftCodeClaims>[];
  mails: Insert<typeof mails>[];
  /** Claims of the new players' code (a demo code of its own, already stored). */
  newPlayerClaims: number;
}

export interface ClaimPlan {
  calendar: Calendar;
  random: Random;
  players: HistoryPlayer[];
  /** The demo's new-players-only code (TANTHU). */
  newPlayers: { id: string; code: string; rewards: MailItem[] };
  /** The Golden Egg festival and the Candy Egg event of the news. */
  festival: { start: Date; end: Date };
  candy: { start: Date; end: Date };
  adminId: string;
}

const reward = (itemId: string, quantity: number): MailItem => ({ itemId, quantity });

export function planClaims(plan: ClaimPlan): ClaimHistory {
  const { calendar, festival, candy } = plan;
  const firstDay = calendar.days[0]!.start.getTime();
  const livestream = new Date(calendar.days[HISTORY_LIVESTREAM_INDEX]!.start.getTime() + 20 * HOUR);
  const code = (fields: Omit<CodeInsert, 'id' | 'createdBy' | 'usesCount'>): CodeInsert => ({
    id: randomUUID(),
    createdBy: plan.adminId,
    createdAt: new Date((fields.startsAt as Date).getTime() - DAY),
    updatedAt: new Date((fields.startsAt as Date).getTime() - DAY),
    ...fields,
  });
  const fanpage = code({
    code: 'FANPAGE',
    name: 'Quà theo dõi fanpage',
    rewards: [reward('diamond', 50), reward('gold', 5_000)],
    maxUses: null,
    startsAt: new Date(firstDay - 30 * DAY),
  });
  const live = code({
    code: 'LIVESTREAM',
    name: 'Quà livestream cộng đồng',
    rewards: [reward('diamond', 100), reward('lucky_ticket', 2)],
    maxUses: 60,
    startsAt: livestream,
  });
  const candyCode = code({
    code: 'KEONGOT',
    name: 'Quà sự kiện Trứng Kẹo Ngọt',
    rewards: [reward('candy', 20), reward('diamond', 30)],
    maxUses: 100,
    startsAt: candy.start,
  });
  const festivalCode = code({
    code: 'TRUNGVANG',
    name: 'Quà Lễ hội Trứng Vàng',
    rewards: [reward('diamond', 88), reward('gold', 8_888)],
    maxUses: null,
    startsAt: festival.start,
    expiresAt: festival.end,
  });
  const history: ClaimHistory = {
    codes: [fanpage, live, candyCode, festivalCode],
    claims: [],
    mails: [],
    newPlayerClaims: 0,
  };
  const claim = claimer(plan, history);
  for (const player of plan.players) {
    const newcomer = player.createdAt.getTime() >= firstDay;
    if (newcomer && plan.random.chance(0.5)) {
      const at = player.createdAt.getTime() + Math.min(delayAround(20 * MINUTE, plan.random), 6 * DAY);
      if (claim(plan.newPlayers, player, at)) history.newPlayerClaims += 1;
    }
    if (plan.random.chance(0.15)) {
      const at = newcomer
        ? player.createdAt.getTime() + delayAround(2 * DAY, plan.random)
        : firstDay + plan.random.next() * (calendar.todayStart.getTime() - firstDay);
      claim(fanpage, player, at);
    }
  }
  rush(plan, claim, live, 60, 25 * MINUTE);
  rush(plan, claim, candyCode, 60, 20 * HOUR, candy.end.getTime() + DAY);
  rush(plan, claim, festivalCode, Math.round(plan.players.length * 0.2), 10 * HOUR);
  for (const stored of history.codes) {
    stored.usesCount = history.claims.filter((row) => row.giftCodeId === stored.id).length;
  }
  return history;
}

/** The community livestream: 40 days before the seed day (index in the calendar, oldest first). */
const HISTORY_LIVESTREAM_INDEX = HISTORY_DAYS - 40;

type Claim = (code: { id: string; code: string; rewards: MailItem[] }, player: HistoryPlayer, at: number) => boolean;

/** Records a claim and its delivered mail, unless it would fall on or after the seed day. */
function claimer(plan: ClaimPlan, history: ClaimHistory): Claim {
  return (code, player, at) => {
    if (at >= plan.calendar.todayStart.getTime()) return false;
    const claimedAt = new Date(Math.floor(at / 1000) * 1000);
    const id = randomUUID();
    const ip = `${plan.random.pick([113, 14, 27, 42, 171, 118])}.${plan.random.int(0, 255)}.${plan.random.int(0, 255)}.${plan.random.int(1, 254)}`;
    history.claims.push({ id, giftCodeId: code.id, userId: player.id, ip, claimedAt });
    history.mails.push({
      receiverId: player.id,
      receiverShortId: player.shortId,
      title: `Giftcode ${code.code}`,
      items: code.rewards,
      source: 'gift_code',
      sourceId: id,
      status: 'delivered',
      attempts: 1,
      createdAt: claimedAt,
      nextAttemptAt: claimedAt,
      deliveredAt: new Date(claimedAt.getTime() + plan.random.int(1_000, 5_000)),
    });
    return true;
  };
}

/**
 * An event's code: up to `count` players who had signed up claim it, most soon after it is announced
 * (an exponential wait of `mean` ms), before `end` and within its uses.
 */
function rush(plan: ClaimPlan, claim: Claim, code: CodeInsert, count: number, mean: number, end = Infinity) {
  const start = (code.startsAt as Date).getTime();
  const eligible = plan.players.filter((player) => player.createdAt.getTime() < start);
  const limit = Math.min(count, code.maxUses ?? Infinity, Math.floor(eligible.length * 0.8));
  for (let taken = 0; taken < limit; taken += 1) {
    const [player] = eligible.splice(plan.random.int(0, eligible.length - 1), 1) as [HistoryPlayer];
    const at = start + Math.round(-Math.log(1 - plan.random.next()) * mean);
    if (at < end) claim(code, player, at);
  }
}
