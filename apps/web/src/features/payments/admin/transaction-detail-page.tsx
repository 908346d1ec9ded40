'use client';

import { markTransactionBodySchema, type InternalTransactionDetail } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmButton } from '@/components/confirm-button';
import { DetailFrame } from '@/components/detail-frame';
import { DeliveryBadge } from '@/components/delivery-badge';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { confirmForm, fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { CharacterLine } from '@/components/character-picker';
import { InfoRow } from '@/components/info-row';
import { PlayerLink } from '@/components/player-link';
import { RetryMailButton } from '@/components/retry-mail-button';
import { formatItems, formatConsoleTime, formatVnd } from '@/lib/format';
import { useMarkPaid, useStaffTransaction } from '../api/staff';
import { MatchBadge, NoteField } from './payment-badges';
import { RefundAction } from './refund-action';
import { useCan } from '@/lib/permissions';
import { useItemNames } from '@/lib/item-names';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-5">
      <h2 className="text-lg font-black">{title}</h2>
      {children}
    </section>
  );
}

type MarkValues = z.input<typeof markTransactionBodySchema>;
type MarkBody = z.output<typeof markTransactionBodySchema>;

function MarkPaid({ order }: { order: InternalTransactionDetail }) {
  const t = useTranslations('adminPayments');
  const mark = useMarkPaid(order.id);
  const form = useForm<MarkValues, unknown, MarkBody>({
    resolver: schemaResolver(markTransactionBodySchema, (values: MarkValues) => values),
    defaultValues: { note: '' },
    shouldFocusError: false,
  });
  const submit = confirmForm(form, async ({ note }) => {
    const result = await mark.mutateAsync(note);
    form.reset({ note: '' });
    return result;
  });
  return (
    <ConfirmButton
      label={t('detail.markPaid')}
      title={t('detail.markTitle')}
      description={t('detail.markText')}
      pending={mark.isPending}
      onConfirm={submit}
      done={() => t('detail.marked', { code: order.code })}
      failed={t('failed')}
    >
      <NoteField {...fieldsOf(form, 'mark-paid', () => t('note'))('note')} />
    </ConfirmButton>
  );
}

/** Who asked for a staff grant and who approved it, in place of a buyer. */
function GrantRows({ grant }: { grant: NonNullable<InternalTransactionDetail['grant']> }) {
  const t = useTranslations('adminPayments.grantInfo');
  const member = (who: typeof grant.requester) => (who ? <PlayerLink player={who} /> : t('unknown'));
  return (
    <>
      <InfoRow layout="stacked" label={t('kind')}>
        <span data-testid="order-grant">{t('title')}</span>
      </InfoRow>
      <InfoRow layout="stacked" label={t('requester')}>
        <span data-testid="order-grant-requester">{member(grant.requester)}</span>
      </InfoRow>
      <InfoRow layout="stacked" label={t('approver')}>
        <span data-testid="order-grant-approver">{member(grant.approver)}</span>
      </InfoRow>
    </>
  );
}

export function TransactionDetailPage({ id }: { id: string }) {
  const t = useTranslations('adminPayments.detail');
  const allowed = useCan();
  const query = useStaffTransaction(id);

  return (
    <DetailFrame query={query} back={{ href: '/admin/transactions', label: t('backToList') }} notFound={t('notFound')}>
      {(order) => <TransactionDetail order={order} allowed={allowed} />}
    </DetailFrame>
  );
}

function TransactionDetail({
  order,
  allowed,
}: {
  order: InternalTransactionDetail;
  allowed: ReturnType<typeof useCan>;
}) {
  const t = useTranslations('adminPayments.detail');
  const tp = useTranslations('adminPayments');
  const names = useItemNames();
  // A hand-marked or granted order is paid without the money; "missing" only means something while waiting.
  const gap = order.totalPrice - order.accumulatedAmount;

  return (
    <div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-xl font-black break-all md:text-2xl">{t('title', { code: order.code })}</h1>
        <OrderStatusBadge status={order.status} />
        <DeliveryBadge delivery={order.delivery} />
      </div>
      {order.status === 'initial' && allowed('orders.mark') && (
        <div className="mt-3">
          <MarkPaid order={order} />
        </div>
      )}

      <Card title={tp('transactions.title')}>
        <dl className="mt-2">
          <InfoRow layout="stacked" label={t('code')}>
            <span className="font-mono">{order.code}</span>
          </InfoRow>
          <InfoRow layout="stacked" label={t('pack')}>
            {order.productTitle} <span className="text-ink/70">(#{order.productId})</span> · {tp(`kind.${order.kind}`)}
          </InfoRow>
          <InfoRow layout="stacked" label={t('totalPrice')}>
            {formatVnd(order.totalPrice)}
          </InfoRow>
          <InfoRow layout="stacked" label={t('accumulated')}>
            {formatVnd(order.accumulatedAmount)}
            {gap > 0 && order.status === 'initial' && (
              <span className="ml-2 text-amber-700">
                ({t('missing')}: {formatVnd(gap)})
              </span>
            )}
            {gap < 0 && (
              <span className="ml-2 text-red-700">
                ({t('surplus')}: {formatVnd(-gap)})
              </span>
            )}
          </InfoRow>
          <InfoRow layout="stacked" label={t('receiver')}>
            <PlayerLink player={order.receiver} />
            <CharacterLine character={order.character} className="mt-1 text-sm font-normal" />
          </InfoRow>
          {order.grant ? (
            <GrantRows grant={order.grant} />
          ) : (
            <InfoRow layout="stacked" label={t('buyer')}>
              {order.buyer ? (
                order.buyer.id === order.receiver.id ? (
                  t('buyerIsReceiver')
                ) : (
                  <PlayerLink player={order.buyer} />
                )
              ) : (
                t('noBuyer')
              )}
            </InfoRow>
          )}
          <InfoRow layout="stacked" label={t('created')}>
            {formatConsoleTime(order.createdAt)}
          </InfoRow>
          {order.paidAt && (
            <InfoRow layout="stacked" label={t('paidAt')}>
              {formatConsoleTime(order.paidAt)}
            </InfoRow>
          )}
          {order.paidBy && (
            <InfoRow layout="stacked" label={t('paidBy')}>
              {tp(`paidBy.${order.paidBy}`)}
            </InfoRow>
          )}
          {order.note && (
            <InfoRow layout="stacked" label={t('note')}>
              {order.note}
            </InfoRow>
          )}
        </dl>
      </Card>

      <Card title={t('bankEvents')}>
        {order.bankEvents.length === 0 ? (
          <p className="mt-2 text-ink/70">{t('noBankEvents')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-ink/5">
            {order.bankEvents.map((event) => (
              <li key={event.id} className="flex flex-col gap-1 py-2 md:flex-row md:items-center md:gap-4">
                <span className="font-bold whitespace-nowrap">{formatVnd(event.amount)}</span>
                <MatchBadge match={event.match} />
                <span className="min-w-0 flex-1 text-sm break-words text-ink/70">{event.content}</span>
                <span className="text-xs whitespace-nowrap text-ink/70">
                  {event.referenceCode} · {formatConsoleTime(event.transactionDate ?? event.receivedAt)}
                </span>
                {/* Held or surplus money is sent back from here too, as on the bank payments page. */}
                {event.heldAmount > 0 && allowed('payments.refund') && (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-semibold text-amber-800">
                      {t('refundable', { amount: formatVnd(event.heldAmount) })}
                    </span>
                    <RefundAction key={event.heldAmount} event={event} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {(order.status === 'held' || order.status === 'cancelled') && (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm font-semibold text-red-800 ring-1 ring-red-200">
          {t(order.status === 'held' ? 'heldNote' : 'cancelledNote')}
        </p>
      )}

      {order.refunds.length > 0 && (
        <Card title={t('refunds')}>
          <ul className="mt-2 divide-y divide-ink/5 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="py-2">
                {t('refundLine', {
                  amount: formatVnd(refund.amount),
                  reference: refund.bankReference,
                  reason: refund.reason,
                })}{' '}
                <span className="text-xs text-ink/60">{formatConsoleTime(refund.createdAt)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title={t('mail')}>
        {order.mail ? (
          <dl className="mt-2">
            <InfoRow layout="stacked" label={tp('deliveries.statusLabel')}>
              <span data-testid="mail-status">
                <DeliveryBadge delivery={order.mail.status} />
              </span>
            </InfoRow>
            <InfoRow layout="stacked" label={t('items')}>
              {formatItems(order.mail.items, names)}
            </InfoRow>
            <InfoRow layout="stacked" label={t('attempts')}>
              {order.mail.attempts}
            </InfoRow>
            {order.mail.deliveredAt && (
              <InfoRow layout="stacked" label={t('deliveredAt')}>
                {formatConsoleTime(order.mail.deliveredAt)}
              </InfoRow>
            )}
            {order.mail.status === 'pending' && (
              <InfoRow layout="stacked" label={t('nextAttempt')}>
                {formatConsoleTime(order.mail.nextAttemptAt)}
              </InfoRow>
            )}
            {order.mail.lastError && (
              <InfoRow layout="stacked" label={t('lastError')}>
                {order.mail.lastError}
              </InfoRow>
            )}
          </dl>
        ) : (
          <p className="mt-2 text-ink/70">{t('noMail')}</p>
        )}
        {order.mail?.status === 'dead' && allowed('deliveries.retry') && (
          <div className="mt-3">
            <RetryMailButton
              mailId={order.mail.id}
              label={tp('detail.retry')}
              description={tp('detail.retryText')}
              done={tp('detail.retried')}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
