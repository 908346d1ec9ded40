'use client';

import type { ApprovalEffect as Effect } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { CharacterLine } from '@/components/character-picker';
import { formatCount, formatItem, formatVnd } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';
import { useRoleLabel } from '@/lib/role-label';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink/70">{label}</dt>
      <dd className="min-w-0 font-semibold break-words">{children}</dd>
    </>
  );
}

/**
 * Exactly what approving a request applies, as stored when it was asked (decision record 030): the
 * pack's items and quantities, the amounts, the order codes and the people, in words.
 */
export function ApprovalEffect({ effect }: { effect: Effect }) {
  const t = useTranslations('admin.approvals.effect');
  const roleLabel = useRoleLabel();
  const names = useItemNames();
  const person = (member: { displayName: string; shortId: string }) =>
    t('person', { name: member.displayName, shortId: member.shortId });
  const lines: ReactNode[] = [];
  const add = (label: string, value: ReactNode) =>
    lines.push(
      <Line key={label} label={t(label)}>
        {value}
      </Line>,
    );

  switch (effect.kind) {
    case 'order.grant':
      add(
        'pack',
        effect.choice ? t('packChoice', { pack: effect.packTitle, choice: effect.choice }) : effect.packTitle,
      );
      add('value', formatVnd(effect.price));
      add(
        'items',
        <ul>
          {effect.items.map((item) => (
            <li key={item.itemId}>{formatItem(item, names)}</li>
          ))}
        </ul>,
      );
      add(
        'receiver',
        <>
          {person(effect.receiver)}
          <CharacterLine character={effect.character} className="font-normal" as="span" />
        </>,
      );
      break;
    case 'order.mark_paid':
      add('order', t('orderLine', { code: effect.orderCode, title: effect.title }));
      add('amount', formatVnd(effect.amount));
      add('receiver', person(effect.receiver));
      break;
    case 'bank_event.attach':
      add('received', t('transfer', { amount: formatVnd(effect.amount), content: effect.content }));
      add('order', t('orderLine', { code: effect.orderCode, title: effect.title }));
      add('receiver', person(effect.receiver));
      break;
    case 'bank_event.refund':
      add('refund', formatVnd(effect.amount));
      add('received', t('transfer', { amount: formatVnd(effect.received), content: effect.content }));
      add('bankReference', effect.bankReference);
      break;
    case 'user.role_admin':
      add('member', person(effect.member));
      add('currentRole', roleLabel(effect.fromRole));
      break;
    case 'user.second_factor_reset':
      add('member', person(effect.member));
      break;
    case 'points.adjust':
      add('receiver', person(effect.member));
      add('points', `${effect.points > 0 ? '+' : ''}${formatCount(effect.points)}`);
      break;
  }

  return (
    <div data-testid="approval-effect" className="mt-2 rounded-xl bg-ink/5 p-3 text-sm ring-1 ring-ink/10">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">{lines}</dl>
      {effect.kind === 'order.grant' && !effect.onSale && (
        <p data-testid="approval-not-on-sale" className="mt-2 font-semibold text-amber-800">
          {t('notOnSale')}
        </p>
      )}
    </div>
  );
}
