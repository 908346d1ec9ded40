import type { BankTransaction } from '@carabala/contracts';
import { formatVnd } from '@/lib/format';
import { useTranslations } from 'next-intl';
import { CharacterLine } from '@/components/character-picker';
import { publicConfig } from '@/config';
import { useSession } from '@/lib/auth';
import { HeldMoneyNotice } from './held-money';
import { giftReceiverName } from './receiver';

/**
 * The panel after a check, by the transaction's status and what was received: unpaid (initial,
 * nothing received), partly paid (initial, less than the price), paid (done), and paid too much
 * (done with more than the price: the surplus, why, and by when staff send it back); held and cancelled
 * orders say what became of their money. Each names the order by its code, never its id.
 */
export function PaymentStatus({ transaction }: { transaction: BankTransaction }) {
  const t = useTranslations('store');
  const { user } = useSession();
  const { status, accumulatedAmount: received, totalPrice } = transaction;
  // A gift (or a guest's order) names whose mailbox it went to; the receiver reads "của bạn".
  const giftTo = giftReceiverName(transaction.receiver, user?.shortId ?? null);
  const fanpage = (
    <a href={publicConfig.supportUrl} target="_blank" rel="noreferrer" className="font-bold text-royal underline">
      {t('fanpage')}
    </a>
  );

  const code = (
    <p className="mt-3 text-sm text-ink/70">
      {t('receiptCode')}:{' '}
      <span className="font-mono font-bold text-ink" data-testid="transaction-code">
        {transaction.code}
      </span>
    </p>
  );
  const heldMoney = (testId?: string) =>
    transaction.held && (
      <div className="mt-3">
        <HeldMoneyNotice
          held={transaction.held}
          code={transaction.code}
          received={received}
          price={totalPrice}
          testId={testId}
        />
      </div>
    );

  if (status === 'held' || status === 'cancelled') {
    return (
      <div role="alert" data-testid={`payment-${status}`} className="rounded-2xl bg-gold/15 p-5 ring-2 ring-gold/50">
        <h3 className="text-lg font-black text-ink">{t(status === 'held' ? 'heldTitle' : 'cancelledTitle')}</h3>
        {status === 'cancelled' && <p className="mt-2 text-ink/80">{t('cancelledText')}</p>}
        {heldMoney()}
        {code}
      </div>
    );
  }

  if (status === 'done') {
    return (
      <div data-testid="payment-success" className="rounded-2xl bg-leaf/10 p-5 text-center ring-2 ring-leaf/40">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-leaf text-3xl text-white">
          ✓
        </div>
        <h3 className="mt-3 text-xl font-black text-leaf-ink">{t('successTitle')}</h3>
        <p className="mt-1 text-ink/80" data-testid="payment-success-text">
          {giftTo ? t('successTextTo', { name: giftTo }) : t('successText')}
        </p>
        <CharacterLine
          character={transaction.character}
          className="mt-2 font-semibold text-ink"
          testId="payment-success-character"
        />
        {code}
        {transaction.delivery && <p className="mt-1 text-sm text-ink/70">{t(`delivery.${transaction.delivery}`)}</p>}
        {heldMoney('payment-overpaid')}
      </div>
    );
  }
  if (received > 0) {
    return (
      <p role="status" data-testid="payment-partial" className="rounded-xl bg-gold/20 p-3 text-sm font-semibold">
        {t('partial', { received: formatVnd(received), missing: formatVnd(totalPrice - received) })}
      </p>
    );
  }
  // Nothing received yet is a state to wait in, not an error: a calm colour, and short, so that the QR
  // below stays in view.
  return (
    <div role="status" data-testid="payment-unpaid" className="rounded-xl bg-royal/5 p-3 text-sm ring-1 ring-royal/15">
      <p className="font-semibold text-ink">{t('unpaid')}</p>
      <p className="mt-1 text-ink/70">
        {t('unpaidHelp')} {fanpage}.
      </p>
    </div>
  );
}
