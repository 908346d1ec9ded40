'use client';

import type { AuditEntry } from '@carabala/contracts';
import { itemLabel } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import { formatCount, formatConsoleTime, formatVnd } from '@/lib/format';
import { actionKey, detailOf } from './audit-sentence';
import { useItemNames } from '@/lib/item-names';
import { useRoleLabel } from '@/lib/role-label';

type Detail = Record<string, unknown>;
interface Row {
  key: string;
  label: string;
  value: string;
}

/** Kept for the machine (ids, the sentence the API once wrote): never shown. */
const HIDDEN = new Set(['sentence', 'approvalId', 'approvedBy', 'orderId', 'sessionId', 'id', 'batchId', 'shortId']);
const MONEY = new Set(['amount', 'totalPrice', 'price', 'accumulatedAmount', 'value']);
const TIMES = new Set([
  'startsAt',
  'endsAt',
  'expiresAt',
  'publishedAt',
  'createdAt',
  'updatedAt',
  'visibleFrom',
  'visibleUntil',
]);
const LABELLED = new Set(['status', 'match', 'via', 'kind', 'source', 'tab', 'section']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "allowedShortIds" → "Allowed short ids": a label for a key the console does not know. */
const humanise = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An entry's detail as labelled rows in the staff's words: money, roles, items, Vietnam times; no JSON. */
export function useAuditDetail() {
  const roleLabel = useRoleLabel();
  const t = useTranslations('admin.audit');
  const names = useItemNames();
  /** A key's label in its place first ("limit" → `limit_kind` "Chu kỳ", not an approval's "Loại yêu cầu"). */
  const label = (key: string, scope = '') => {
    if (scope && t.has(`fields.${scope}_${key}`)) return t(`fields.${scope}_${key}`);
    return t.has(`fields.${key}`) ? t(`fields.${key}`) : humanise(key);
  };

  function show(key: string, value: unknown, roles = false): string {
    if (value === null || value === undefined || value === '') {
      return key === 'maxUses' ? t('values.unlimited') : t('values.none');
    }
    if (typeof value === 'boolean') return value ? t('values.yes') : t('values.no');
    if (typeof value === 'number') {
      if (MONEY.has(key)) return formatVnd(value);
      if (key === 'productId') return `#${value}`;
      return formatCount(value);
    }
    if (typeof value === 'string') {
      if (roles) return roleLabel(value);
      if (LABELLED.has(key) && t.has(`values.${key}.${actionKey(value)}`))
        return t(`values.${key}.${actionKey(value)}`);
      if (TIMES.has(key) && ISO_TIME.test(value)) return formatConsoleTime(value);
      return value;
    }
    if (Array.isArray(value)) {
      if (value.length === 0) return t('values.none');
      return value.map((item) => showItem(key, item)).join(', ');
    }
    return Object.entries(value as Detail)
      .filter(([inner, innerValue]) => !HIDDEN.has(inner) && !(typeof innerValue === 'string' && UUID.test(innerValue)))
      .map(([inner, innerValue]) => `${label(inner, key)}: ${show(inner, innerValue)}`)
      .join('; ');
  }

  function showItem(key: string, item: unknown): string {
    if (item && typeof item === 'object' && 'itemId' in item) {
      const { itemId, quantity } = item as { itemId: string; quantity?: number };
      const name = itemLabel(itemId, names);
      return typeof quantity === 'number' ? `${name} × ${formatCount(quantity)}` : name;
    }
    if (key === 'fields' && typeof item === 'string') return label(item);
    return show(key, item);
  }

  return function rows(entry: AuditEntry): Row[] {
    const detail = detailOf(entry);
    const area = entry.action.slice(0, entry.action.indexOf('.'));
    const row = (key: string, value: unknown): Row => ({ key, label: label(key, area), value: show(key, value) });
    const change = (key: string, before: unknown, after: unknown, roles = false): Row => ({
      key,
      label: label(key, area),
      value: `${show(key, before, roles)} → ${show(key, after, roles)}`,
    });
    const out: Row[] = [];
    if ('from' in detail && 'to' in detail) {
      const roles = entry.action === 'user.role.change';
      out.push(change(roles ? 'role' : 'status', detail.from, detail.to, roles));
    }
    if (detail.before && detail.after && typeof detail.before === 'object' && typeof detail.after === 'object') {
      const before = detail.before as Detail;
      const after = detail.after as Detail;
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (HIDDEN.has(key) || same(before[key], after[key])) continue;
        out.push(change(key, before[key], after[key]));
      }
    }
    for (const [key, value] of Object.entries(detail)) {
      if (['from', 'to', 'before', 'after'].includes(key) || HIDDEN.has(key)) continue;
      if (typeof value === 'string' && UUID.test(value)) continue;
      if (key === 'fields' && 'before' in detail) continue;
      out.push(row(key, value));
    }
    if (entry.approver) {
      out.push({
        key: 'approvedBy',
        label: t('approvedBy'),
        value: `${entry.approver.displayName} (#${entry.approver.shortId})`,
      });
    }
    return out;
  };
}

/** The rows under an entry: "Vai trò: Hỗ trợ khách hàng → Tài chính", "Số tiền: 41,000đ". */
export function AuditDetail({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
      {rows.map((item) => (
        <div key={item.key} className="contents">
          <dt className="text-ink/60">{item.label}:</dt>
          <dd className="break-words">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
