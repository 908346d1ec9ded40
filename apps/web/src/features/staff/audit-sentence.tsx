'use client';

import type { AuditEntry } from '@carabala/contracts';
import { roleLabels } from '@carabala/contracts/labels';
import type { Role } from '@carabala/contracts/permissions';
import { useTranslations } from 'next-intl';

/** The actions told as a Vietnamese sentence (message keys cannot hold dots). */
const sentenceKeys = {
  'user.role.change': 'userRoleChange',
  'user.sessions.end': 'userSessionsEnd',
  'session.new_device': 'sessionNewDevice',
  'session.end': 'sessionEnd',
  'approval.request': 'approvalRequest',
  'approval.approve': 'approvalApprove',
  'approval.reject': 'approvalReject',
} as const;

const text = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

/** An audit entry's action as a sentence ("Đổi vai trò của #8801234 từ …"), its code beneath it. */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  const t = useTranslations('admin.audit.sentences');
  const key = sentenceKeys[entry.action as keyof typeof sentenceKeys];
  if (!key) return <span className="font-mono">{entry.action}</span>;
  const detail = (entry.detail ?? {}) as Record<string, unknown>;
  const role = (value: unknown) => roleLabels[value as Role] ?? text(value);
  return (
    <>
      <span>
        {t(key, {
          shortId: text(detail.shortId),
          from: role(detail.from),
          to: role(detail.to),
          sessionsEnded: text(detail.sessionsEnded ?? 0),
          ended: text(detail.ended),
          device: text(detail.device),
          address: text(detail.address),
          summary: text(detail.summary),
          reason: text(detail.reason),
        })}
      </span>
      <span className="mt-0.5 block font-mono text-xs text-ink/60">{entry.action}</span>
    </>
  );
}
