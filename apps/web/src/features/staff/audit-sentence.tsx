'use client';

import { auditActions, type AuditAction, type AuditEntry, type AuditTarget } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { formatCount, formatVnd } from '@/lib/format';
import { useRoleLabel } from '@/lib/role-label';

/** Message keys cannot hold dots: `user.role.change` is told by `user_role_change`. */
export const actionKey = (action: string) => action.replaceAll('.', '_');

export const isAuditAction = (value: string): value is AuditAction => auditActions.includes(value as AuditAction);

type Detail = Record<string, unknown>;
export const detailOf = (entry: AuditEntry): Detail =>
  entry.detail && typeof entry.detail === 'object' && !Array.isArray(entry.detail) ? (entry.detail as Detail) : {};

const KINDS = new Set([
  'order',
  'bank_event',
  'gift_code',
  'gift_code_batch',
  'news',
  'user',
  'ticket',
  'approval',
  'mail',
  'email',
  'session',
  'purchase_limit',
  'pack',
  'promotion',
  'home_slide',
]);

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const money = (value: unknown) => (typeof value === 'number' ? formatVnd(value) : text(value));
const count = (value: unknown) => (typeof value === 'number' ? formatCount(value) : text(value));

/** The console page of an entry's object; ids go in the address only, never in the text. */
export function targetHref(entry: AuditEntry): string | null {
  const target = entry.target;
  if (!target) return null;
  const { kind, id, shortId } = target;
  if (kind === 'bank_event') return target.order ? `/admin/transactions/${target.order.id}` : '/admin/bank-payments';
  if (kind === 'user' && id) return `/admin/players/${id}`;
  if (kind === 'user' || kind === 'purchase_limit') {
    return shortId ? `/admin/players?q=${encodeURIComponent(shortId)}` : null;
  }
  if (kind === 'approval') return '/admin/approvals';
  if (kind === 'home_slide') return '/admin/home';
  if (kind === 'mail') return '/admin/deliveries';
  if (kind === 'email') return '/admin/emails';
  if (!id) return null;
  if (kind === 'order') return `/admin/transactions/${id}`;
  if (kind === 'gift_code') return `/admin/gift-codes/${id}`;
  if (kind === 'gift_code_batch') return `/admin/gift-codes?batchId=${id}`;
  if (kind === 'news') return `/admin/news/${id}`;
  if (kind === 'pack') return `/admin/catalogue/${id}`;
  if (kind === 'promotion') return `/admin/promotions/${id}`;
  if (kind === 'vip_tier') return `/admin/vip/${id}`;
  if (kind === 'ticket' && entry.action !== 'ticket.delete') return `/admin/tickets/${id}`;
  return null;
}

/** The words of the audit log: who acted, what the object is, and the sentence of an entry. */
export function useAuditWords() {
  const t = useTranslations('admin.audit');
  const roleLabel = useRoleLabel();

  const actor = (entry: AuditEntry) =>
    entry.actor?.displayName ?? (detailOf(entry).via === 'cli' ? t('operator') : t('system'));

  /** "giao dịch CRB9V3YPRC5", "bài viết “…”", "Lê Quốc Huy (#8809012)". */
  function object(target: AuditTarget | null): string {
    if (!target || !KINDS.has(target.kind)) return t('objects.other');
    if (target.kind === 'bank_event' && target.order) return t('objects.order', { label: target.order.code });
    if (target.kind === 'user' || target.kind === 'purchase_limit') {
      const person =
        target.label && target.shortId
          ? `${target.label} (#${target.shortId})`
          : target.shortId
            ? `#${target.shortId}`
            : target.kind === 'purchase_limit'
              ? t('everyone')
              : (target.label ?? t('unnamed'));
      return t(`objects.${target.kind}`, { label: person });
    }
    return t(`objects.${target.kind}`, { label: target.label ?? t('unnamed') });
  }

  const valueLabel = (group: string, value: unknown) => {
    const key = `values.${group}.${actionKey(text(value))}`;
    return t.has(key) ? t(key) : text(value);
  };

  function sentence(entry: AuditEntry): string {
    const detail = detailOf(entry);
    const values = {
      actor: actor(entry),
      object: object(entry.target),
      amount: money(detail.amount),
      reference: text(detail.bankReference),
      code: text(detail.code ?? entry.target?.order?.code),
      summary: text(detail.summary ?? entry.target?.label),
      count: count(detail.count),
      device: text(detail.device ?? entry.target?.label),
      address: text(detail.address),
      status: valueLabel('status', detail.to),
      // The title the entry kept (older grants kept only the id).
      product:
        typeof detail.productTitle === 'string'
          ? detail.productTitle
          : typeof detail.productId === 'number'
            ? `#${detail.productId}`
            : text(detail.productId),
      shortId: text(detail.shortId),
      period: text(detail.period),
      who: entry.target?.shortId ? object(entry.target) : t('everyone'),
      released: count(detail.released),
      from: typeof detail.from === 'string' ? roleLabel(detail.from) : text(detail.from),
      to: typeof detail.to === 'string' ? roleLabel(detail.to) : text(detail.to),
      ended: count(detail.ended),
    };
    if (isAuditAction(entry.action)) return t(`sentences.${actionKey(entry.action)}`, values);
    return t(entry.target ? 'sentences.unknown' : 'sentences.unknownNoTarget', values);
  }

  /** The action's name, for the filter and for a screen reader. */
  const actionName = (action: string) => (isAuditAction(action) ? t(`actions.${actionKey(action)}`) : null);

  return { actor, object, sentence, actionName };
}

/** An entry's object, linked to its console page when it has one. */
export function AuditTargetLink({ entry }: { entry: AuditEntry }) {
  const { object } = useAuditWords();
  if (!entry.target) return <span className="text-ink/60">—</span>;
  const href = targetHref(entry);
  const label = object(entry.target);
  if (!href) return <span>{label}</span>;
  return (
    <Link href={href} className="font-semibold break-words text-royal hover:underline">
      {label}
    </Link>
  );
}
