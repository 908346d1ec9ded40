'use client';

import { type AlertEvent, type HealthBoard, type HealthRule } from '@carabala/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';
import { Spinner } from '@/components/ui/spinner';
import { formatConsoleTime, formatConsoleTimeSeconds } from '@/lib/format';
import { timeAgo } from '@/lib/relative-time';
import { useHealthBoard } from './api';
import { ComponentCards } from './component-cards';

const channelNames = { telegram: 'Telegram', slack: 'Slack', discord: 'Discord', webhook: 'Webhook' } as const;

/**
 * The staff's health board: each alert rule (fine or alerting since when, what it reads now, when it
 * alerts), the parts the site depends on, and the alerts that started and ended. It reads itself again
 * every 15 seconds; a failed read keeps the last one on screen with a warning.
 */
export function HealthPage() {
  const t = useTranslations('adminOps.health');
  const query = useHealthBoard();
  const board = query.data;
  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      {board && (
        <p className="mt-1 max-w-3xl text-sm text-ink/70">
          {t('intro', { seconds: board.evaluateSeconds })}{' '}
          {board.channels.length > 0
            ? t('channels', { channels: board.channels.map((channel) => channelNames[channel]).join(', ') })
            : t('noChannels')}{' '}
          <span data-testid="health-checked-at">
            {t('checkedAt', { time: formatConsoleTimeSeconds(board.checkedAt) })}
          </span>
        </p>
      )}
      {query.isPending && <Spinner className="mt-6 size-6" />}
      {query.isError && (
        <p role="alert" className="mt-4 rounded-xl bg-ruby/10 p-3 text-sm text-ruby-ink">
          {board
            ? t('stale', { error: query.error.message, time: formatConsoleTime(board.checkedAt) })
            : query.error.message}
        </p>
      )}
      {board && <Board board={board} />}
    </div>
  );
}

function Board({ board }: { board: HealthBoard }) {
  const t = useTranslations('adminOps.health');
  const now = new Date(board.checkedAt);
  return (
    <>
      <h2 className="mt-6 text-lg font-black">{t('rulesTitle')}</h2>
      <ul className="mt-2 grid gap-3 lg:grid-cols-2">
        {board.rules.map((rule) => (
          <RuleCard key={rule.rule} rule={rule} now={now} />
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-black">{t('systemTitle')}</h2>
      <ComponentCards board={board} now={now} />
      <h2 className="mt-6 text-lg font-black">{t('historyTitle')}</h2>
      {board.history.length === 0 ? (
        <p className="mt-2 text-sm text-ink/70">{t('historyEmpty')}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2">
          {board.history.map((event) => (
            <HistoryRow key={event.id} event={event} now={now} channels={board.channels.length} />
          ))}
        </ol>
      )}
    </>
  );
}

function RuleCard({ rule, now }: { rule: HealthRule; now: Date }) {
  const t = useTranslations('adminOps.health');
  const tRules = useTranslations('adminOps.alertRules');
  const locale = useLocale();
  const state = !rule.enabled ? 'off' : rule.firing ? 'firing' : 'ok';
  return (
    <li
      data-testid={`health-rule-${rule.rule}`}
      data-state={state}
      className={`flex flex-col gap-1 rounded-2xl bg-white p-4 ${state === 'firing' ? 'ring-2 ring-ruby' : 'ring-1 ring-ink/10'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold">{tRules(rule.rule)}</h3>
        <Badge tone={state === 'firing' ? 'bad' : state === 'ok' ? 'good' : 'quiet'}>{t(state)}</Badge>
      </div>
      {rule.since && state !== 'off' && (
        <p className={`text-sm ${state === 'firing' ? 'font-semibold text-ruby-ink' : 'text-ink/70'}`}>
          {state === 'firing'
            ? t('firingSince', {
                time: formatConsoleTime(rule.since),
                relative: timeAgo(rule.since, locale, now),
              })
            : t('okSince', { relative: timeAgo(rule.since, locale, now) })}
        </p>
      )}
      <p className="text-sm">{rule.detail}</p>
      <p className="text-xs text-ink/70">{rule.threshold}</p>
      {rule.link !== '/admin/health' && (
        <Link href={rule.link} className="mt-1 w-fit text-sm font-semibold text-royal underline">
          {t('open')}
        </Link>
      )}
    </li>
  );
}

function HistoryRow({ event, now, channels }: { event: AlertEvent; now: Date; channels: number }) {
  const t = useTranslations('adminOps.health');
  const tRules = useTranslations('adminOps.alertRules');
  const locale = useLocale();
  return (
    <li data-testid="health-event" className="rounded-2xl bg-white p-3 ring-1 ring-ink/10">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={event.kind === 'started' ? 'bad' : 'good'}>{t(event.kind)}</Badge>
        <span className="font-bold">{tRules(event.rule)}</span>
        <span className="text-xs text-ink/70">
          {formatConsoleTime(event.at)} · {timeAgo(event.at, locale, now)}
        </span>
      </div>
      <p className="mt-1 text-sm">{event.detail}</p>
      {channels > 0 && (
        <p className={`mt-1 text-xs ${event.sendError ? 'text-ruby-ink' : 'text-ink/70'}`}>
          {event.sentAt ? t('sent') : event.sendError ? t('notSent', { error: event.sendError }) : t('sending')}
        </p>
      )}
    </li>
  );
}
