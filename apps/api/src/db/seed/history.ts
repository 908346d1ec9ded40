import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { findProductsOnSale } from '../../modules/catalogue';
import type { Tx } from '../client';
import {
  auditLog,
  bankEvents,
  giftCodeClaims,
  giftCodes,
  mails,
  orders,
  refunds,
  ticketReplies,
  tickets,
  users,
} from '../schema';
import { demoGiftCodes } from './gift-codes';
import { planClaims } from './history-claims';
import { daysAgo, HISTORY_DAYS, historyCalendar } from './history-days';
import { HISTORY_ORDERS, planOrders } from './history-orders';
import { HISTORY_PLAYERS, planPlayers, playerRows } from './history-players';
import { HISTORY_TICKETS, planTickets } from './history-tickets';
import { demoMoments } from './news';
import { seededRandom } from './random';

/**
 * The demo history's size: the 89 days before the seed day (with it, the console's 90-day view) of
 * made-up players' orders (with their bank transfers, mails and refunds), gift-code claims and answered
 * tickets, so the console's analytics, reports and lists show a live game. The same at every seed but
 * for the calendar (a seeded generator).
 */
export const demoHistory = {
  days: HISTORY_DAYS,
  players: HISTORY_PLAYERS,
  /** Orders placed by the day's shoppers; three more were held (a limited pack bought twice). */
  orders: HISTORY_ORDERS,
  tickets: HISTORY_TICKETS,
} as const;

const SEED = 38;
/**
 * Inserts `rows` in one statement: the rows travel as one JSON parameter that the database turns into
 * records (`jsonb_to_recordset`), far faster than thousands of bound parameters (PGlite parses each).
 * A column no row names keeps its default; a row without a value another row names gets null.
 */
async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const named = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => named.has(key));
  const records = rows.map((row) =>
    Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null])),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  await tx.execute(
    sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(${types})`,
  );
}

async function staffOf(tx: Tx) {
  const rows = await tx
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(inArray(users.username, ['admin1', 'finance1', 'support1', 'support2']));
  const byName = (username: string) => rows.find((row) => row.username === username)!;
  return {
    admin: byName('admin1'),
    finance: byName('finance1'),
    support: [
      [byName('support1'), 5],
      [byName('support2'), 4],
      [byName('admin1'), 1],
    ] as const,
  };
}

/** Plans the whole history in memory, then writes it table by table in a few large inserts. */
export async function seedHistory(tx: Tx, now = new Date()) {
  const random = seededRandom(SEED);
  const calendar = historyCalendar(now);
  const staff = await staffOf(tx);
  const [newPlayers] = await tx.select().from(giftCodes).where(eq(giftCodes.code, demoGiftCodes.newPlayers));
  const moments = demoMoments(now);
  const players = planPlayers(calendar, random);
  const products = await findProductsOnSale(tx, now);
  const money = planOrders({ calendar, random, players, products, financeId: staff.finance.id });
  const claims = planClaims({
    calendar,
    random,
    players,
    newPlayers: newPlayers!,
    festival: { start: moments.festivalStart, end: moments.festivalEnd },
    candy: { start: moments.candyStart, end: moments.candyEnd },
    adminId: staff.admin.id,
  });
  const support = planTickets({
    calendar,
    random,
    players,
    staff: staff.support,
    maintenanceAgo: daysAgo(calendar, moments.maintenanceDay),
  });

  await insertAll(tx, users, playerRows(players));
  await insertAll(tx, orders, money.orders);
  await insertAll(tx, bankEvents, money.events);
  await insertAll(tx, refunds, money.refunds);
  await insertAll(tx, giftCodes, claims.codes);
  await insertAll(tx, giftCodeClaims, claims.claims);
  await tx
    .update(giftCodes)
    .set({ usesCount: sql`${giftCodes.usesCount} + ${claims.newPlayerClaims}` })
    .where(eq(giftCodes.id, newPlayers!.id));
  await insertAll(tx, mails, [...money.mails, ...claims.mails]);
  // Listed oldest first, so the ticket numbers follow the days.
  await insertAll(tx, tickets, support.tickets);
  // The history's tickets are the only ones yet: their numbers, for the answers' audit entries.
  const numbered = await tx.select({ id: tickets.id, number: tickets.number }).from(tickets);
  const numberOf = new Map(numbered.map((row) => [row.id, row.number]));
  await insertAll(tx, ticketReplies, support.replies);
  const answers = support.replies.map((reply) => ({
    actorId: reply.authorId,
    action: 'ticket.reply',
    targetType: 'ticket',
    targetId: reply.ticketId,
    detail: { number: numberOf.get(reply.ticketId), from: 'PROCESSING', to: 'PROCESSED', reply: reply.content },
    createdAt: reply.createdAt,
  }));
  await insertAll(tx, auditLog, [...money.audits, ...answers]);
}
