import { randomUUID } from 'node:crypto';
import type { users } from '../schema';
import { buyingHours, DAY, growth, momentOf, type Calendar } from './history-days';
import { familyNames, givenNames, middleNames } from './history-texts';
import type { Random } from './random';

/** The made-up players of the demo history (signed in through the game, never with a password). */
export const HISTORY_PLAYERS = 200;
/** Their User IDs: 86xxxxx, beside the demo accounts' 88xxxxx. */
const FIRST_SHORT_ID = 8_610_001;

export interface HistoryPlayer {
  id: string;
  shortId: string;
  displayName: string;
  createdAt: Date;
  /** How much they buy, relative to others; 0: never. */
  spend: number;
}

/**
 * The players: a third were there before the history starts, the rest sign up over its days, more
 * as the game grows. About half of them buy, a few buy a lot.
 */
export function planPlayers(calendar: Calendar, random: Random): HistoryPlayer[] {
  const names = new Set<string>();
  const nameOf = () => {
    for (;;) {
      const name = `${random.pick(familyNames)} ${random.pick(middleNames)} ${random.pick(givenNames)}`;
      if (!names.has(name)) {
        names.add(name);
        return name;
      }
    }
  };
  const signUpDays = calendar.days.map((day) => [day, growth(day)] as const);
  const firstDay = calendar.days[0]!.start.getTime();
  const players = Array.from({ length: HISTORY_PLAYERS }, () => {
    const veteran = random.chance(0.3);
    const createdAt = veteran
      ? new Date(firstDay - random.int(10, 400) * DAY - random.int(0, 86_399) * 1000)
      : momentOf(random.weighted(signUpDays), buyingHours, random);
    const spend = random.chance(veteran ? 0.6 : 0.42) ? Math.exp(random.next() * 3) : 0;
    return { id: randomUUID(), shortId: '', displayName: nameOf(), createdAt, spend };
  });
  players.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  players.forEach((player, index) => (player.shortId = String(FIRST_SHORT_ID + index * 7)));
  return players;
}

export function playerRows(players: HistoryPlayer[]): (typeof users.$inferInsert)[] {
  return players.map((player) => ({
    id: player.id,
    shortId: player.shortId,
    displayName: player.displayName,
    role: 'player' as const,
    createdAt: player.createdAt,
    notificationsSeenAt: player.createdAt,
  }));
}

/**
 * Draws players who had signed up by a moment, each as likely as `weightOf` (0 leaves a player out):
 * running sums over the players in sign-up order, so a draw is two binary searches.
 */
export function playerPool(players: HistoryPlayer[], weightOf: (player: HistoryPlayer) => number) {
  const sums: number[] = [];
  let sum = 0;
  for (const player of players) sums.push((sum += weightOf(player)));
  /** The first index in [0, players.length] where `before(index)` stops holding. */
  const search = (before: (index: number) => boolean) => {
    let [low, high] = [0, players.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(middle)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return (at: Date, random: Random): HistoryPlayer => {
    const signedUp = search((index) => players[index]!.createdAt < at);
    const total = signedUp > 0 ? sums[signedUp - 1]! : 0;
    if (total === 0) return players.find((player) => weightOf(player) > 0)!;
    const drawn = random.next() * total;
    return players[search((index) => sums[index]! <= drawn)]!;
  };
}
