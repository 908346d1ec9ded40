'use client';

import type { HealthBoard } from '@carabala/contracts';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatCount, formatConsoleTime } from '@/lib/format';
import { timeAgo } from '@/lib/relative-time';

type Tone = 'good' | 'bad' | 'quiet';
const dots: Record<Tone, string> = { good: 'bg-emerald-500', bad: 'bg-ruby', quiet: 'bg-ink/30' };

function Card({ testId, title, tone, children }: { testId: string; title: string; tone: Tone; children: ReactNode }) {
  return (
    <li data-testid={testId} data-tone={tone} className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
      <h3 className="flex items-center gap-2 font-bold">
        <span aria-hidden className={`size-2.5 shrink-0 rounded-full ${dots[tone]}`} />
        {title}
      </h3>
      <div className="mt-1 flex flex-col gap-0.5 text-sm">{children}</div>
    </li>
  );
}

/**
 * The parts the site depends on: the bank feed, the pull, the mailbox worker and its queue, the database,
 * Redis and the game's back end; each with a dot that is red when its rule alerts or it does not answer.
 */
export function ComponentCards({ board, now }: { board: HealthBoard; now: Date }) {
  const t = useTranslations('adminOps.health');
  const locale = useLocale();
  const firing = (rule: string) => board.rules.some((entry) => entry.rule === rule && entry.firing);
  const ago = (iso: string) => timeAgo(iso, locale, now);
  const exact = (iso: string) => <span className="text-xs text-ink/70"> ({formatConsoleTime(iso)})</span>;
  const { bankFeed, pull, worker, mailbox, database, redis, game } = board;
  const probe = (state: HealthBoard['database'], off: string) =>
    state.state === 'ok' ? t('probeOk', { ms: state.latencyMs ?? 0 }) : state.state === 'off' ? off : t('probeFailed');
  return (
    <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Card testId="health-bank-feed" title={t('bankFeed')} tone={firing('bank_feed_silent') ? 'bad' : 'good'}>
        <p>
          {bankFeed.lastEventAt ? ago(bankFeed.lastEventAt) : t('bankFeedNone')}
          {bankFeed.lastEventAt && exact(bankFeed.lastEventAt)}
        </p>
        <p className="text-ink/70">{t('ordersWaiting', { count: formatCount(bankFeed.ordersAwaitingPayment) })}</p>
      </Card>
      <Card
        testId="health-pull"
        title={t('pull')}
        tone={!pull.enabled ? 'quiet' : firing('pull_silent') ? 'bad' : 'good'}
      >
        {!pull.enabled ? (
          <p>{t('pullOff')}</p>
        ) : (
          <>
            <p>{pull.lastSucceededAt ? t('pullSucceeded', { relative: ago(pull.lastSucceededAt) }) : t('pullNever')}</p>
            <p className="text-ink/70">{t('pullEvery', { minutes: pull.everyMinutes })}</p>
            {pull.lastError && <p className="break-words text-ruby-ink">{t('pullError', { error: pull.lastError })}</p>}
          </>
        )}
      </Card>
      <Card testId="health-worker" title={t('worker')} tone={firing('worker_silent') ? 'bad' : 'good'}>
        <p>
          {worker.lastBeatAt ? t('workerBeat', { relative: ago(worker.lastBeatAt) }) : t('workerNever')}
          {worker.lastBeatAt && exact(worker.lastBeatAt)}
        </p>
      </Card>
      <Card testId="health-mailbox" title={t('mailbox')} tone={firing('mail_stuck') ? 'bad' : 'good'}>
        <p>
          {t('mailboxCounts', {
            pending: formatCount(mailbox.pending),
            failing: formatCount(mailbox.failing),
            dead: formatCount(mailbox.dead),
          })}
        </p>
        <p className="text-ink/70">
          {mailbox.oldestUndeliveredAt
            ? t('mailboxOldest', { relative: ago(mailbox.oldestUndeliveredAt) })
            : t('mailboxEmpty')}
        </p>
      </Card>
      <Card testId="health-database" title={t('database')} tone={database.state === 'ok' ? 'good' : 'bad'}>
        <p>{probe(database, '')}</p>
      </Card>
      <Card
        testId="health-redis"
        title={t('redis')}
        tone={redis.state === 'ok' ? 'good' : redis.state === 'off' ? 'quiet' : 'bad'}
      >
        <p>{probe(redis, t('redisOff'))}</p>
      </Card>
      <Card
        testId="health-game"
        title={t('game')}
        tone={game.mode === 'embedded' ? 'quiet' : game.reachable ? 'good' : 'bad'}
      >
        <p>
          {game.mode === 'embedded'
            ? t('gameEmbedded')
            : game.reachable || !game.unreachableSince
              ? t('gameUp')
              : t('gameDown', { time: formatConsoleTime(game.unreachableSince).slice(11) })}
        </p>
      </Card>
    </ul>
  );
}
