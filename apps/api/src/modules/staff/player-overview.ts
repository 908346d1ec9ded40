import { PLAYER_OVERVIEW_LIMIT, type PlayerOverview, type PlayerSummary } from '@carabala/contracts';
import type { signInsOf } from '../auth';
import type { claimsOf } from '../gift-codes';
import type { recentMailsOf } from '../mailbox';
import { grantOf, type recentOrdersOf } from '../orders';
import type { recentTicketsOf } from '../tickets';

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/**
 * What the player page reads of a player, each part through the face of the module that owns its
 * table; services.ts binds the database. Each list is the most recent `limit` records.
 */
export interface PlayerRecords {
  orders(userId: string, limit: number): Promise<Rows<typeof recentOrdersOf>>;
  tickets(userId: string, limit: number): Promise<Rows<typeof recentTicketsOf>>;
  giftCodes(userId: string, limit: number): Promise<Rows<typeof claimsOf>>;
  mails(userId: string, limit: number): Promise<Rows<typeof recentMailsOf>>;
  signIns(userId: string): Promise<Rows<typeof signInsOf>>;
}

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** How the player is part of an order, and who is on its other side when it is a gift. */
function sideOf(userId: string, row: Rows<typeof recentOrdersOf>[number]) {
  const { order } = row;
  const bought = order.buyerId === userId;
  if (bought && order.receiverId === userId) return { role: 'both' as const, counterpart: null };
  if (bought) {
    return {
      role: 'bought' as const,
      counterpart: { id: order.receiverId, shortId: row.receiverShortId, displayName: row.receiverName },
    };
  }
  // Received: from another player, from a guest's order or a staff grant (no buyer to name).
  const buyer =
    order.buyerId && row.buyerShortId && row.buyerName
      ? { id: order.buyerId, shortId: row.buyerShortId, displayName: row.buyerName }
      : null;
  return { role: 'received' as const, counterpart: buyer };
}

/** Reads every part of the player page at once and shapes it as the contract has it. */
export async function readPlayerOverview(records: PlayerRecords, player: PlayerSummary): Promise<PlayerOverview> {
  const limit = PLAYER_OVERVIEW_LIMIT;
  const [orders, tickets, claims, mails, signIns] = await Promise.all([
    records.orders(player.id, limit),
    records.tickets(player.id, limit),
    records.giftCodes(player.id, limit),
    records.mails(player.id, limit),
    records.signIns(player.id),
  ]);
  const codeOfClaim = new Map(claims.map((claim) => [claim.claimId, claim.giftCodeId]));
  const linkOf = (source: string, sourceId: string): PlayerOverview['mails'][number]['link'] => {
    if (source === 'order') return { kind: 'order', id: sourceId };
    const giftCodeId = source === 'gift_code' ? codeOfClaim.get(sourceId) : undefined;
    return giftCodeId ? { kind: 'giftCode', id: giftCodeId } : null;
  };
  return {
    player: { ...player, lastSignInAt: isoOrNull(signIns.lastSignInAt) },
    orders: orders.map((row) => ({
      id: row.order.id,
      code: row.order.code,
      productTitle: row.order.productTitle,
      totalPrice: row.order.totalPrice,
      accumulatedAmount: row.order.accumulatedAmount,
      status: row.order.status,
      delivery: row.delivery,
      ...sideOf(player.id, row),
      grant: grantOf(row),
      character: row.order.character ?? null,
      createdAt: iso(row.order.createdAt),
      paidAt: isoOrNull(row.order.paidAt),
    })),
    tickets: tickets.map((ticket) => ({
      ...ticket,
      createdAt: iso(ticket.createdAt),
      updatedAt: iso(ticket.updatedAt),
    })),
    giftCodes: claims.map(({ claimId: _claimId, claimedAt, ...claim }) => ({ ...claim, claimedAt: iso(claimedAt) })),
    mails: mails.map(({ source, sourceId, createdAt, deliveredAt, ...mail }) => ({
      ...mail,
      link: linkOf(source, sourceId),
      createdAt: iso(createdAt),
      deliveredAt: isoOrNull(deliveredAt),
    })),
    sessions: signIns.sessions.map((session) => ({
      device: session.device,
      createdAt: iso(session.createdAt),
      lastSeenAt: iso(session.lastSeenAt),
    })),
  };
}
