'use client';

import type { Approval, ApprovalKind, ApprovalStatus } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { statusBadge, type BadgeTone } from '@/components/badge';
import { formatConsoleTime, formatVnd } from '@/lib/format';
import { ApprovalEffect } from './approval-effect';

const statusTones: Record<ApprovalStatus, BadgeTone> = {
  pending: 'wait',
  approved: 'good',
  rejected: 'bad',
  expired: 'quiet',
};

/** The message key of each kind of request (a key of next-intl cannot hold the kind's dot). */
const kindKeys: Record<ApprovalKind, string> = {
  'order.grant': 'grant',
  'order.mark_paid': 'markPaid',
  'bank_event.attach': 'attach',
  'bank_event.refund': 'refund',
  'user.role_admin': 'roleAdmin',
  'user.second_factor_reset': 'secondFactorReset',
  'points.adjust': 'pointsAdjust',
};

export const ApprovalStatusBadge = statusBadge('admin.approvals.status', statusTones, 'approval-status');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink/70">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/**
 * One request: who asked, what (its stored effect: items, amounts, order codes, people) and why, the money at stake, when it was asked and until when it
 * waits; once decided, who decided, when, and why it was rejected. `actions` are the buttons the
 * signed-in member may use on it.
 */
export function ApprovalCard({ approval, actions }: { approval: Approval; actions?: ReactNode }) {
  const t = useTranslations('admin.approvals');
  const staff = (member: Approval['requester']) => t('staff', { name: member.displayName, shortId: member.shortId });
  const withdrawn = approval.status === 'rejected' && approval.decider?.id === approval.requester.id;
  return (
    <li data-testid="approval" className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex md:items-start md:gap-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <ApprovalStatusBadge status={approval.status} />
          <span className="text-xs font-bold tracking-wide text-ink/60 uppercase">
            {t(`kind.${kindKeys[approval.kind]}`)}
          </span>
          {approval.amount !== null && (
            <span className="ml-auto text-lg font-black whitespace-nowrap">{formatVnd(approval.amount)}</span>
          )}
        </div>
        <p className="mt-2 font-bold break-words">{approval.summary}</p>
        {approval.effect && <ApprovalEffect effect={approval.effect} />}
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {approval.order && (
            <Row label={t(approval.kind === 'order.grant' ? 'madeOrder' : 'order')}>
              <Link
                href={`/admin/transactions/${approval.order.id}`}
                className="font-mono font-bold text-royal underline"
                data-testid="approval-order"
              >
                {approval.order.code}
              </Link>
            </Row>
          )}
          <Row label={t('requester')}>{staff(approval.requester)}</Row>
          {approval.reason && <Row label={t('reason')}>{approval.reason}</Row>}
          <Row label={t('createdAt')}>{formatConsoleTime(approval.createdAt)}</Row>
          {approval.status === 'pending' && <Row label={t('expiresAt')}>{formatConsoleTime(approval.expiresAt)}</Row>}
          {approval.decider && <Row label={t(withdrawn ? 'withdrawnBy' : 'decider')}>{staff(approval.decider)}</Row>}
          {approval.decidedAt && (
            <Row label={t(withdrawn ? 'withdrawnAt' : 'decidedAt')}>{formatConsoleTime(approval.decidedAt)}</Row>
          )}
          {approval.decisionReason && (
            <Row label={t(withdrawn ? 'withdrawReason' : 'decisionReason')}>{approval.decisionReason}</Row>
          )}
        </dl>
        {approval.mine && approval.status === 'pending' && (
          <p className="mt-2 text-sm font-semibold text-amber-800">{t('mine')}</p>
        )}
      </div>
      {actions && <div className="mt-3 md:mt-0 md:shrink-0">{actions}</div>}
    </li>
  );
}
