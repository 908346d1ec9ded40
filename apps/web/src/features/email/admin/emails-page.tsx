'use client';

import { emailKinds, emailStatuses, type EmailStatusName, type InternalEmail } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/badge';
import { ConfirmButton } from '@/components/confirm-button';
import { ListCard } from '@/components/list-card';
import { ListFrame } from '@/components/list-frame';
import { SearchBar, SelectFilter } from '@/components/search-bar';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { useUrlState } from '@/components/use-url-state';
import { formatConsoleTime } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useEmailContent, useEmails, useRetryEmail } from '../api/staff';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'kind', 'status'] as const;
const tones: Record<EmailStatusName, BadgeTone> = { pending: 'wait', sent: 'good', dead: 'bad' };

/** Links in the e-mail open in a new tab; its HTML runs no script (the frame is sandboxed). */
const framed = (html: string) => html.replace(/<head>/i, '<head><base target="_blank">');

/** The e-mail as it was sent, in a sandboxed frame, and its text (demo mode: to follow a verification link). */
function EmailContent({ email, onClose }: { email: InternalEmail; onClose: () => void }) {
  const t = useTranslations('adminEmails');
  const content = useEmailContent(email.id);
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('contentTitle')}
      description={email.subject}
    >
      <div className="mb-3 flex gap-2" role="group">
        {(['html', 'text'] as const).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={view === each}
            onClick={() => setView(each)}
            className={`rounded-xl px-3 py-1.5 text-sm font-semibold ${view === each ? 'bg-royal text-white' : 'bg-white ring-1 ring-ink/15'}`}
          >
            {t(each)}
          </button>
        ))}
      </div>
      {content.isError && <p className="text-sm text-ruby">{t('contentFailed')}</p>}
      {content.data &&
        (view === 'html' ? (
          <iframe
            title={email.subject}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={framed(content.data.html)}
            className="h-[60vh] w-full rounded-xl bg-white ring-1 ring-ink/10"
          />
        ) : (
          <pre className="max-h-[60vh] overflow-auto rounded-xl bg-white p-3 text-sm break-words whitespace-pre-wrap ring-1 ring-ink/10">
            {content.data.text}
          </pre>
        ))}
    </ResponsiveDialog>
  );
}

/** Sends a dead e-mail again, after a confirmation naming it. */
function RetryEmailButton({ email }: { email: InternalEmail }) {
  const t = useTranslations('adminEmails');
  const retry = useRetryEmail();
  return (
    <ConfirmButton
      label={t('retry')}
      title={t('retryTitle')}
      description={t('retryText', { subject: email.subject, to: email.toAddress })}
      pending={retry.isPending}
      onConfirm={() => retry.mutateAsync(email.id)}
      done={() => t('retried', { to: email.toAddress })}
      failed={t('failed')}
    />
  );
}

/** The console's list of e-mails: by address (any diacritics), kind and state, a page at a time. */
export function EmailsPage() {
  const t = useTranslations('adminEmails');
  const { values, page, update } = useUrlState(FILTERS);
  const [opened, setOpened] = useState<InternalEmail | null>(null);
  const allowed = useCan();
  const query = useEmails({
    search: values.q || undefined,
    kind: emailKinds.find((kind) => kind === values.kind),
    status: emailStatuses.find((status) => status === values.status),
    page,
    pageSize: PAGE_SIZE,
  });
  const answer = query.data;
  return (
    <>
      <ListFrame
        title={t('title')}
        intro={
          <>
            <p className="mt-1 max-w-3xl text-sm text-ink/70">{t('intro')}</p>
            {answer && (
              <p className="mt-1 max-w-3xl text-sm font-semibold text-ink/80">{t(`transport.${answer.transport}`)}</p>
            )}
          </>
        }
        filters={
          <SearchBar value={values.q} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })}>
            <SelectFilter
              label={t('kind')}
              value={values.kind}
              all={t('allKinds')}
              options={emailKinds}
              optionLabel={(kind) => t(`kinds.${kind}`)}
              onChange={(kind) => update({ kind })}
            />
            <SelectFilter
              label={t('status')}
              value={values.status}
              all={t('allStatuses')}
              options={emailStatuses}
              optionLabel={(status) => t(`statuses.${status}`)}
              onChange={(status) => update({ status })}
            />
          </SearchBar>
        }
        query={query}
        empty={t('empty')}
        row={(email) => (
          <ListCard
            testId="email"
            heading={
              <>
                <span className="font-bold break-words">{email.subject}</span>
                <Badge tone={tones[email.status]}>{t(`statuses.${email.status}`)}</Badge>
              </>
            }
            actions={
              <>
                {email.status === 'dead' && allowed('emails.retry') && <RetryEmailButton email={email} />}
                {answer?.contentShown && (
                  <button
                    type="button"
                    onClick={() => setOpened(email)}
                    className="rounded-xl bg-white px-3 py-1.5 text-sm font-semibold text-royal ring-1 ring-royal/30"
                  >
                    {t('open')}
                  </button>
                )}
              </>
            }
          >
            <p className="mt-1 text-sm break-words text-ink/70">
              {t('to')}: <span className="font-semibold break-all text-ink">{email.toAddress}</span> ·{' '}
              {t(`kinds.${email.kind}`)}
            </p>
            <p className="mt-1 text-xs text-ink/70">
              {t('attempts', { attempts: email.attempts })} ·{' '}
              {t('created', { date: formatConsoleTime(email.createdAt) })}
              {email.sentAt && <> · {t('sentAt', { date: formatConsoleTime(email.sentAt) })}</>}
              {email.status === 'pending' && email.attempts > 0 && (
                <> · {t('nextAttempt', { date: formatConsoleTime(email.nextAttemptAt) })}</>
              )}
            </p>
            {email.lastError && (
              <p className="mt-1 text-sm break-words text-ruby">{t('lastError', { error: email.lastError })}</p>
            )}
          </ListCard>
        )}
      />
      {opened && <EmailContent email={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
