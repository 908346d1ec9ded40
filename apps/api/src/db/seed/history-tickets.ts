import { randomUUID } from 'node:crypto';
import { foldText } from '@carabala/contracts/labels';
import type { ticketReplies, tickets } from '../schema';
import {
  allocatedDays,
  delayAround,
  HOUR,
  MINUTE,
  momentOf,
  writingHours,
  writingWeek,
  type Calendar,
  type HistoryDay,
} from './history-days';
import { playerPool, type HistoryPlayer } from './history-players';
import { devices, ticketTexts, ticketTypeWeights } from './history-texts';
import { vnDate } from './news';
import type { Random } from './random';

// The demo history's support tickets: more on Mondays and after the maintenance, each answered by
// support (within the hour in the day, the next morning at night) and so closed.

export const HISTORY_TICKETS = 150;

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface TicketHistory {
  tickets: (Insert<typeof tickets> & { id: string })[];
  /** One staff answer per ticket, in the tickets' order. */
  replies: (Insert<typeof ticketReplies> & { content: string; createdAt: Date; authorId: string })[];
}

export interface TicketPlan {
  calendar: Calendar;
  random: Random;
  players: HistoryPlayer[];
  /** Who answers, with their display name and how often. */
  staff: readonly (readonly [{ id: string; displayName: string }, number])[];
  /** The day of the maintenance in the news: players write more the day after. */
  maintenanceAgo: number;
}

export function planTickets(plan: TicketPlan): TicketHistory {
  const rush = (day: HistoryDay) => (day.ago === plan.maintenanceAgo || day.ago === plan.maintenanceAgo - 1 ? 1.8 : 1);
  const history: TicketHistory = { tickets: [], replies: [] };
  const authors = {
    payers: playerPool(plan.players, (player) => player.spend),
    anyone: playerPool(plan.players, () => 1),
  };
  for (const day of allocatedDays(plan.calendar, plan.random, HISTORY_TICKETS, writingWeek, rush)) {
    writeTicket(plan, history, day, authors);
  }
  // Oldest first, so the ticket numbers follow the days.
  history.tickets.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  return history;
}

type Authors = Record<'payers' | 'anyone', ReturnType<typeof playerPool>>;

function writeTicket(plan: TicketPlan, history: TicketHistory, day: HistoryDay, authors: Authors) {
  const { random } = plan;
  const type = random.weighted(ticketTypeWeights);
  const text = random.pick(ticketTexts[type]);
  let createdAt = momentOf(day, writingHours, random);
  let repliedAt = answeredAt(createdAt, day, random);
  // Every answer of the history is given before the seed day starts.
  const todayStart = plan.calendar.todayStart.getTime();
  if (repliedAt.getTime() >= todayStart) {
    createdAt = new Date(Math.min(createdAt.getTime(), todayStart - 3 * HOUR - random.int(0, 7_200) * 1000));
    repliedAt = new Date(createdAt.getTime() + random.int(10, 90) * MINUTE);
  }
  // Payment questions come from players who paid; the others from anyone who had signed up.
  const author = authors[type === '1' ? 'payers' : 'anyone'](createdAt, random);
  const id = randomUUID();
  const hour = Math.max(0, new Date(createdAt.getTime() + 7 * HOUR).getUTCHours() - random.int(0, 2));
  history.tickets.push({
    id,
    userId: author.id,
    shortId: author.shortId,
    type,
    incidentTime: `${hour}h ngày ${vnDate(createdAt, true)}`,
    device: random.pick(devices),
    title: text.title,
    titleFolded: foldText(text.title),
    description: text.description,
    status: 'PROCESSED',
    createdAt,
    updatedAt: repliedAt,
  });
  const staff = random.weighted(plan.staff);
  history.replies.push({
    ticketId: id,
    authorId: staff.id,
    name: staff.displayName,
    content: text.reply,
    createdAt: repliedAt,
  });
}

/**
 * When support answers: within the hour or two from 08:00 to 22:00 (Vietnam), slower at the weekend;
 * a ticket written at night waits for the next morning.
 */
function answeredAt(createdAt: Date, day: HistoryDay, random: Random): Date {
  const hour = new Date(createdAt.getTime() + 7 * HOUR).getUTCHours();
  const weekend = day.weekday === 0 || day.weekday === 6 ? 1.6 : 1;
  const wait = Math.max(3 * MINUTE, delayAround(35 * MINUTE * weekend, random));
  if (hour >= 8 && hour < 22) return new Date(createdAt.getTime() + wait);
  const morning = day.start.getTime() + (hour >= 22 ? 24 + 8 : 8) * HOUR;
  return new Date(morning + wait);
}
