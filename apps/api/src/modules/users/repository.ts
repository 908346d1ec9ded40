import type { PlayerQuery } from '@carabala/contracts';
import type { Role } from '@carabala/contracts/permissions';
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readPage } from '../../db/paging';
import { foldedWordsMatch } from '../../db/search';
import { identities, users } from '../../db/schema';
import { findOne, preparedOnce } from '../../db/rows';

export type UserRow = typeof users.$inferSelect;

export async function findProfile(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const linked = await db
    .select({ provider: identities.provider, linkedAt: identities.linkedAt })
    .from(identities)
    .where(eq(identities.userId, userId));
  return { user, linked };
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

export async function insertAccount(db: Db, account: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(account).returning({ id: users.id, shortId: users.shortId });
  return row!;
}

/**
 * The player a User ID names, as a receiver of orders is shown. Staff accounts are the site's own, not
 * game players, so they are never receivers: their User IDs answer as unknown (issue 36).
 */
export async function findUserByShortId(db: Db | Tx, shortId: string) {
  const [user] = await db
    .select({ id: users.id, shortId: users.shortId, displayName: users.displayName, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.shortId, shortId), eq(users.role, 'player')))
    .limit(1);
  return user;
}

export async function findPlayers(db: Db, query: PlayerQuery) {
  const filters: SQL[] = [];
  const names = query.q ? foldedWordsMatch(query.q, users.displayName, users.username) : undefined;
  if (query.q) filters.push(or(eq(users.shortId, query.q), ...(names ? [names] : []))!);
  if (query.role) filters.push(eq(users.role, query.role));
  const where = filters.length ? and(...filters) : undefined;
  return readPage(
    query,
    db.select().from(users).where(where).orderBy(desc(users.createdAt), users.shortId),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  );
}

/** The staff accounts (every role but player), by name: the audit log's "who" filter. */
export function findStaffMembers(db: Db) {
  return db
    .select({ id: users.id, displayName: users.displayName, shortId: users.shortId, role: users.role })
    .from(users)
    .where(ne(users.role, 'player'))
    .orderBy(asc(users.displayName), users.shortId)
    .limit(500);
}

export function findPlayer(db: Db | Tx, id: string) {
  return findOne(db, users, eq(users.id, id));
}

/**
 * What a look-up of the game compares with (`findShadow`): the role, the game's id, and the fields a
 * shadow mirrors. One prepared query, not the whole row: it runs on every claim and every purchase.
 */
const shadowStatement = preparedOnce((db: Db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      shortId: users.shortId,
      gamePlayerId: users.gamePlayerId,
      displayName: users.displayName,
      avatar: users.avatar,
      email: users.email,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      banned: sql<boolean>`${users.bannedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_shadow'),
);
export type ShadowRow = Awaited<ReturnType<ReturnType<typeof shadowStatement>['execute']>>[number];

export async function findShadow(db: Db, id: string): Promise<ShadowRow | undefined> {
  return (await shadowStatement(db).execute({ id }))[0];
}

export async function updateRole(tx: Tx, id: string, role: Role) {
  await tx.update(users).set({ role }).where(eq(users.id, id));
}

/** When the player last saw their notifications (the notifications module's clock, kept on the account). */
export async function notificationsSeenAt(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: users.notificationsSeenAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.at;
}

/** The player saw their notifications now (never moves the clock back); answers the new time. */
export async function markNotificationsSeen(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .update(users)
    .set({ notificationsSeenAt: sql`greatest(${users.notificationsSeenAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ at: users.notificationsSeenAt });
  return row?.at;
}

/** The whole row of the player a User ID names (staff never), for the embedded game's look-ups. */
export function findPlayerByShortId(db: Db | Tx, shortId: string) {
  return findOne(db, users, and(eq(users.shortId, shortId), eq(users.role, 'player')));
}

/** The local account a username names (any role), with what a password check needs. */
export function findAccountByUsername(db: Db, username: string) {
  return db
    .select({
      id: users.id,
      shortId: users.shortId,
      displayName: users.displayName,
      avatar: users.avatar,
      role: users.role,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      bannedAt: users.bannedAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
    .then((rows) => rows[0]);
}

/** Replaces a password hash unless it changed meanwhile (a concurrent sign-in redid it first). */
export async function replacePasswordHash(db: Db, userId: string, previous: string, next: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: next })
    .where(and(eq(users.id, userId), eq(users.passwordHash, previous)));
}

/** What the game says of a player, as the site's shadow of them keeps it (GAME_API_URL). */
export interface ShadowPlayer {
  gamePlayerId: string;
  /** The game's User ID: the shadow's short id. */
  userId: string;
  displayName: string;
  avatar: string | null;
  email: string | null;
  banned: boolean;
}

/**
 * Creates or refreshes the local shadow of a game player, keyed by the game's player id: a player row
 * with no username and no password (the game checks those). Throws the database's unique violation when
 * another local row already holds that User ID (the caller refuses).
 */
export async function upsertShadowPlayer(db: Db | Tx, player: ShadowPlayer) {
  const fields = {
    shortId: player.userId,
    displayName: player.displayName,
    avatar: player.avatar,
    email: player.email,
    emailVerifiedAt: player.email ? sql`coalesce(${users.emailVerifiedAt}, now())` : null,
    bannedAt: player.banned ? sql`coalesce(${users.bannedAt}, now())` : null,
  };
  const [row] = await db
    .insert(users)
    .values({
      ...fields,
      emailVerifiedAt: player.email ? sql`now()` : null,
      bannedAt: player.banned ? sql`now()` : null,
      gamePlayerId: player.gamePlayerId,
      role: 'player',
    })
    .onConflictDoUpdate({ target: users.gamePlayerId, set: fields })
    .returning({
      id: users.id,
      shortId: users.shortId,
      displayName: users.displayName,
      avatar: users.avatar,
      role: users.role,
    });
  return row!;
}

/** The game's player id of each user: its shadow's (GAME_API_URL), null for the embedded game's own players. */
export async function gamePlayerIdsOf(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, gamePlayerId: users.gamePlayerId })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.gamePlayerId]));
}

/** The local user of a game player id: the shadow (GAME_API_URL), or the user itself (embedded). */
export async function findUserIdOfPlayer(db: Db, playerId: string, embedded: boolean): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(embedded ? sql`${users.id}::text = ${playerId}` : eq(users.gamePlayerId, playerId))
    .limit(1);
  return row?.id;
}

/** The game banned (true) or unbanned (false) a player; answers whether the row changed. */
export async function setPlayerBanned(db: Db | Tx, userId: string, banned: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ bannedAt: banned ? sql`coalesce(${users.bannedAt}, now())` : null })
    .where(and(eq(users.id, userId), eq(users.role, 'player')))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The game renamed a player. */
export async function renamePlayer(db: Db | Tx, userId: string, displayName: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ displayName })
    .where(and(eq(users.id, userId), eq(users.role, 'player')))
    .returning({ id: users.id });
  return rows.length > 0;
}
