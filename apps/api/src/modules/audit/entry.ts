import type { AuditEntry, AuditTarget } from '@carabala/contracts';
import type { AuditRow } from './repository';

type Detail = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : text(value));

/** What staff read of the target: the joined code, title or name, else what the entry kept of it. */
function targetOf(row: AuditRow, detail: Detail): AuditTarget | null {
  const { targetType: kind, targetId } = row.entry;
  const target = (label: string | null, shortId: string | null = null, id = targetId): AuditTarget => ({
    kind,
    id,
    label,
    shortId,
    order: null,
  });
  const after = (detail.after ?? {}) as Detail;
  switch (kind) {
    case 'order':
      return target(row.orderCode);
    case 'bank_event':
      return {
        ...target(row.eventReference),
        order: row.eventOrderId && row.eventOrderCode ? { id: row.eventOrderId, code: row.eventOrderCode } : null,
      };
    case 'gift_code':
      return target(row.giftCode ?? text(after.code) ?? text(detail.code));
    case 'gift_code_batch':
      return target(row.batchName ?? text(detail.name));
    case 'news':
      return target(row.newsTitle ?? text(detail.title) ?? text(detail.slug));
    case 'pack':
    case 'promotion':
    case 'home_slide':
    case 'vip_tier':
      // The pack's, the promotion's or the slide's title when the entry was written (the id goes in the link only).
      return target(text(detail.title));
    case 'user':
      return target(row.userName, row.userShortId ?? text(detail.shortId));
    case 'purchase_limit':
      // The id is the player's User ID, or none for every player.
      return target(null, targetId, null);
    case 'ticket':
      return target(row.ticketNumber === null ? numberText(detail.number) : String(row.ticketNumber));
    case 'approval':
      return target(row.approvalSummary ?? text(detail.summary));
    case 'mail':
      return target(row.mailTitle, row.mailShortId);
    case 'email':
      // The address it goes to, as the entry kept it (the id goes in the link only).
      return target(text(detail.to));
    case 'session':
      return target(text(detail.device), null, null);
    case 'bank_feed':
      return null;
    default:
      return target(null, null, null);
  }
}

/** An audit row as the console reads it. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  const { entry } = row;
  const detail = (entry.detail && typeof entry.detail === 'object' ? entry.detail : {}) as Detail;
  return {
    id: entry.id,
    actor:
      entry.actorId && row.actorName
        ? { id: entry.actorId, displayName: row.actorName, shortId: row.actorShortId! }
        : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    target: targetOf(row, detail),
    approver:
      row.approverId && row.approverName
        ? { id: row.approverId, displayName: row.approverName, shortId: row.approverShortId! }
        : null,
    detail: entry.detail,
    createdAt: entry.createdAt.toISOString(),
  };
}
