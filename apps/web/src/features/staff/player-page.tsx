'use client';

import { PLAYER_OVERVIEW_LIMIT, type PlayerOverview } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { ResponsiveTable } from '@/components/data-table';
import { CharacterLine } from '@/components/character-picker';
import { OrderCard, useOrderColumns } from '@/components/order-card';
import { DeliveryBadge } from '@/components/delivery-badge';
import { DetailFrame } from '@/components/detail-frame';
import { GrantLine } from '@/components/grant-line';
import { InfoRow } from '@/components/info-row';
import { Avatar } from '@/components/ui/avatar';
import { formatItems, formatConsoleTime, formatVnd } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { usePlayerOverview } from './api/staff';
import { useItemNames } from '@/lib/item-names';
import { useRoleLabel } from '@/lib/role-label';

type Order = PlayerOverview['orders'][number];

const linkClass = 'font-bold text-royal underline-offset-2 hover:underline';
const cardClass = 'block rounded-xl p-3 ring-1 ring-ink/10';

/** One part of the page: a card with its title, what it lists (or that it is empty), and a link to all. */
function Section({
  title,
  count,
  empty,
  more,
  testId,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  more?: { href: string; label: string };
  testId: string;
  children: ReactNode;
}) {
  const t = useTranslations('admin.players.page');
  return (
    <section data-testid={testId} className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-black">{title}</h2>
        {count >= PLAYER_OVERVIEW_LIMIT && <span className="text-xs text-ink/60">{t('recent', { count })}</span>}
      </div>
      {count === 0 ? <p className="mt-2 text-sm text-ink/70">{empty}</p> : children}
      {more && count > 0 && (
        <Link href={more.href} className={`mt-3 inline-flex text-sm ${linkClass}`}>
          {more.label} →
        </Link>
      )}
    </section>
  );
}

function Profile({ player }: { player: PlayerOverview['player'] }) {
  const roleLabel = useRoleLabel();
  const t = useTranslations('admin.players.page');
  const allowed = useCan();
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-5">
      <div className="flex items-center gap-3">
        <Avatar avatar={player.avatar} displayName={player.displayName} size={56} />
        <div className="min-w-0">
          <h1 className="text-xl font-black break-words md:text-2xl">{player.displayName}</h1>
          <p className="text-sm text-ink/70">
            <span className="font-mono text-royal">#{player.shortId}</span> · {roleLabel(player.role)}
          </p>
        </div>
      </div>
      <dl className="mt-3">
        <InfoRow layout="stacked" label={t('shortId')}>
          <span className="font-mono">{player.shortId}</span>
        </InfoRow>
        <InfoRow layout="stacked" label={t('username')}>
          {player.username ?? <span className="font-normal text-ink/60">{t('noUsername')}</span>}
        </InfoRow>
        <InfoRow layout="stacked" label={t('email')}>
          {player.email ?? <span className="font-normal text-ink/60">{t('noEmail')}</span>}
          {player.email && !player.emailVerified && (
            <span className="ml-2 font-normal text-amber-700">({t('unverified')})</span>
          )}
        </InfoRow>
        <InfoRow layout="stacked" label={t('role')}>
          {roleLabel(player.role)}
        </InfoRow>
        <InfoRow layout="stacked" label={t('created')}>
          {formatConsoleTime(player.createdAt)}
        </InfoRow>
        <InfoRow layout="stacked" label={t('lastSignIn')}>
          {player.lastSignInAt ? (
            formatConsoleTime(player.lastSignInAt)
          ) : (
            <span className="font-normal text-ink/60">{t('neverSignedIn')}</span>
          )}
        </InfoRow>
      </dl>
      {(allowed('players.roles') || allowed('players.sessions')) && (
        <Link href={`/admin/players?q=${player.shortId}`} className={`mt-3 inline-flex text-sm ${linkClass}`}>
          {t('manage')} →
        </Link>
      )}
      {allowed('orders.mark') && (
        <Link
          href={`/admin/points?player=${player.shortId}`}
          className={`mt-3 ml-4 inline-flex text-sm ${linkClass}`}
          data-testid="player-points-link"
        >
          {t('points')} →
        </Link>
      )}
    </section>
  );
}

/** How the player is part of an order: bought for themself, for someone, or received from someone. */
function OrderSide({ order }: { order: Order }) {
  const t = useTranslations('admin.players.page');
  const other = order.counterpart;
  const character = <CharacterLine character={order.character} className="text-xs text-ink/70" as="span" />;
  if (order.role === 'both')
    return (
      <>
        {t('side.both')}
        {character}
      </>
    );
  // A staff grant: said as such, with who asked for it and who approved it.
  if (order.grant)
    return (
      <>
        <GrantLine grant={order.grant} />
        {character}
      </>
    );
  // Received without a buyer: placed by someone not signed in (the player too, perhaps).
  if (!other)
    return (
      <>
        {t('side.guest')}
        {character}
      </>
    );
  return (
    <>
      {t(`side.${order.role}`)}{' '}
      <Link href={`/admin/players/${other.id}`} className={linkClass}>
        {other.displayName} <span className="font-mono">#{other.shortId}</span>
      </Link>
      {character}
    </>
  );
}

function Orders({ player, orders }: { player: PlayerOverview['player']; orders: Order[] }) {
  const t = useTranslations('admin.players.page');
  const columns = useOrderColumns<Order>(
    { title: t('side.title'), cell: (order) => <OrderSide order={order} /> },
    { title: t('amount'), cell: (order) => formatVnd(order.totalPrice), className: 'whitespace-nowrap' },
  );
  const code = (order: Order) => (
    <Link href={`/admin/transactions/${order.id}`} className={`font-mono ${linkClass} underline`}>
      {order.code}
    </Link>
  );
  return (
    <Section
      testId="player-orders"
      title={t('orders')}
      count={orders.length}
      empty={t('noOrders')}
      more={{ href: `/admin/transactions?q=${player.shortId}`, label: t('allOrders') }}
    >
      <ResponsiveTable
        rows={orders}
        columns={columns}
        cardClassName={cardClass}
        card={(order) => (
          <OrderCard
            order={order}
            code={code(order)}
            who={<OrderSide order={order} />}
            amount={<span className="font-bold">{formatVnd(order.totalPrice)}</span>}
          />
        )}
      />
    </Section>
  );
}

interface RecordRow {
  main: ReactNode;
  /** Its state, shown with its time `at`; or, for rows without one, `side` in their place. */
  badge?: ReactNode;
  at?: string;
  side?: ReactNode;
}

/**
 * A part of the page that lists records, one row each: what it is on the left (wrapping), its state and
 * time on the right from `sm` up.
 */
/** The lists of the page: each one's test id and what it says when empty. */
const PARTS = {
  tickets: ['player-tickets', 'noTickets'],
  giftCodes: ['player-gift-codes', 'noGiftCodes'],
  mails: ['player-mails', 'noMails'],
  sessions: ['player-sessions', 'noSessions'],
} as const;

function ListSection<T>({
  part,
  items,
  row,
  more,
}: {
  part: keyof typeof PARTS;
  items: T[];
  row: (item: T) => RecordRow;
  more?: { href: string; label: string };
}) {
  const t = useTranslations('admin.players.page');
  const [testId, empty] = PARTS[part];
  return (
    <Section testId={testId} title={t(part)} count={items.length} empty={t(empty)} more={more}>
      <ul className="mt-2 divide-y divide-ink/5">
        {items.map((item, index) => {
          const { main, badge, at, side } = row(item);
          return (
            <li
              key={index}
              className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
            >
              <div className="min-w-0 break-words">{main}</div>
              <div className="flex shrink-0 flex-wrap items-center gap-2 text-xs text-ink/70 sm:justify-end">
                {badge}
                {at && <span>{formatConsoleTime(at)}</span>}
                {side}
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function Records({ data }: { data: PlayerOverview }) {
  const t = useTranslations('admin.players.page');
  const names = useItemNames();
  const { player } = data;
  const ticketRow = (ticket: PlayerOverview['tickets'][number]): RecordRow => ({
    main: (
      <Link href={`/admin/tickets/${ticket.id}`} className={linkClass}>
        <span className="font-mono">#{ticket.number}</span> · {ticket.title}
      </Link>
    ),
    badge: <Badge tone={ticket.status === 'PROCESSED' ? 'good' : 'wait'}>{t(`ticketStatus.${ticket.status}`)}</Badge>,
    at: ticket.createdAt,
  });
  const claimRow = (claim: PlayerOverview['giftCodes'][number]): RecordRow => ({
    main: (
      <>
        <Link href={`/admin/gift-codes/${claim.giftCodeId}`} className={`font-mono ${linkClass}`}>
          {claim.code}
        </Link>{' '}
        <span className="text-sm">· {claim.name}</span>
        <p className="text-sm text-ink/70">{formatItems(claim.rewards, names)}</p>
        <CharacterLine character={claim.character} className="text-sm text-ink/70" />
      </>
    ),
    badge: <DeliveryBadge delivery={claim.delivery} />,
    at: claim.claimedAt,
  });
  const mailRow = (mail: PlayerOverview['mails'][number]): RecordRow => {
    const href =
      mail.link && (mail.link.kind === 'order' ? '/admin/transactions/' : '/admin/gift-codes/') + mail.link.id;
    return {
      main: (
        <>
          {href ? (
            <Link href={href} className={linkClass}>
              {mail.title}
            </Link>
          ) : (
            <span className="font-bold">{mail.title}</span>
          )}
          <p className="text-sm text-ink/70">{formatItems(mail.items, names)}</p>
          <CharacterLine character={mail.character} className="text-sm text-ink/70" />
        </>
      ),
      badge: <DeliveryBadge delivery={mail.status} />,
      at: mail.deliveredAt ?? mail.createdAt,
    };
  };
  const sessionRow = (session: PlayerOverview['sessions'][number]): RecordRow => ({
    main: <span className="font-semibold">{session.device}</span>,
    side: (
      <>
        <span>{t('signedIn', { at: formatConsoleTime(session.createdAt) })}</span>
        <span>{t('lastSeen', { at: formatConsoleTime(session.lastSeenAt) })}</span>
      </>
    ),
  });
  const allTickets = { href: `/admin/tickets?shortId=${player.shortId}`, label: t('allTickets') };
  return (
    <>
      <ListSection part="tickets" items={data.tickets} row={ticketRow} more={allTickets} />
      <ListSection part="giftCodes" items={data.giftCodes} row={claimRow} />
      <ListSection part="mails" items={data.mails} row={mailRow} />
      <ListSection part="sessions" items={data.sessions} row={sessionRow} />
    </>
  );
}

/** `/admin/players/{id}`: one player as support reads them, every part linking to its console page. */
export function PlayerPage({ id }: { id: string }) {
  const t = useTranslations('admin.players');
  const query = usePlayerOverview(id);
  return (
    <DetailFrame query={query} back={{ href: '/admin/players', label: t('title') }} notFound={t('page.notFound')}>
      {(data) => (
        <>
          <Profile player={data.player} />
          <Orders player={data.player} orders={data.orders} />
          <Records data={data} />
        </>
      )}
    </DetailFrame>
  );
}
