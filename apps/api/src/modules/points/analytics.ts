import type { AnalyticsQuery, PointsAnalytics } from '@carabala/contracts';
import { vietnamDayRange } from '@carabala/contracts/labels';
import type { Db } from '../../db/client';
import { outstandingPoints, pointsByDay } from './repository';

/**
 * The points' figures over a range of Vietnam days (both included): issued (earned and added), redeemed
 * and expired per day, and the outstanding points now (every balance: the liability finance follows).
 */
export async function pointsFigures(db: Db, query: AnalyticsQuery): Promise<PointsAnalytics> {
  const range = { from: vietnamDayRange(query.from).from, to: vietnamDayRange(query.to).to };
  const [rows, outstanding] = await Promise.all([pointsByDay(db, range), outstandingPoints(db)]);
  const days = rows.map((row) => ({
    day: row.day,
    issued: Number(row.issued),
    redeemed: Number(row.redeemed),
    expired: Number(row.expired),
  }));
  const totals = days.reduce(
    (sum, day) => ({
      issued: sum.issued + day.issued,
      redeemed: sum.redeemed + day.redeemed,
      expired: sum.expired + day.expired,
    }),
    { issued: 0, redeemed: 0, expired: 0 },
  );
  return { days, totals, outstanding };
}
