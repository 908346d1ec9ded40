import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { embeddedGameItems, refreshItems } from '../../modules/game';
import { secondFactorKey } from '../../modules/second-factor';
import { seedAccounts } from './accounts';
import { seedHomeEvent, seedNews } from './news';
import { seedTickets } from './tickets';
import { seedGiftCodes } from './gift-codes';
import { seedHistory } from './history';
import { seedLimitedOrders, seedStore } from './store';

export { demoCredentialsRefusal } from './demo-credentials';
export { seedLoyaltyDemo } from './checkin';

/**
 * Seeds the demo data into an empty database, in one transaction. Returns whether it did.
 * `jwtSecret`: the configured secret, whose derived key seals the demo staff accounts' TOTP secrets.
 */
export async function seedDemoData(db: Db, jwtSecret: string): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    await seedAccounts(tx, secondFactorKey(jwtSecret));
    await seedNews(tx);
    await seedHomeEvent(tx);
    await seedGiftCodes(tx);
    // Before the demo accounts' tickets and orders: the history's ticket numbers come first.
    await seedHistory(tx);
    await seedTickets(tx);
    await seedStore(tx);
    await seedLimitedOrders(tx);
  });
  // The embedded game's items in the copy at once (the background reads them again at its start).
  await refreshItems(db, embeddedGameItems);
  return true;
}
