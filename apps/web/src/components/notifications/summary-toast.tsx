'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { countByKind, useNotifications } from '@/lib/notifications';
import { CloseIcon } from '../ui/icons';

/** How long the summary stays in view (paused while hovered or focused, or while a dialog is open). */
export const SUMMARY_MS = 8_000;

/** Whether a dialog (Radix Dialog, vaul Drawer, an alert dialog) is open on the page, watched as it changes. */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setOpen(document.querySelector('[role="dialog"], [role="alertdialog"]') !== null),
      );
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return open;
}

/**
 * What changed since the player last saw it, as one toast ("3 thay đổi từ lần trước: 2 đơn đã giao,
 * 1 yêu cầu đã được trả lời") that opens the list. It waits while a dialog is open (and steps aside
 * if one opens), sits at the bottom (full width on phones, bottom right on wider screens) under the
 * header's and the dialogs' layers, so it never covers a page title or a dialog's close button.
 * Shown once per account: showing it moves the account's "seen" time on the server.
 */
export function WhatChangedToast({ userId, onOpenList }: { userId: string; onOpenList: () => void }) {
  const t = useTranslations('common');
  const { notifications, acknowledge } = useNotifications(userId);
  const dialogOpen = useDialogOpen();
  const [done, setDone] = useState(false);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(SUMMARY_MS);
  const visible = !done && notifications.length > 0 && !dialogOpen;

  useEffect(() => {
    if (visible) void acknowledge();
  }, [visible, acknowledge]);

  useEffect(() => {
    if (!visible || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => setDone(true), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [visible, paused]);

  if (!visible) return null;
  const counts = countByKind(notifications);
  const parts = [
    counts.paid > 0 && t('notifications.summaryPaid', { count: counts.paid }),
    counts.held > 0 && t('notifications.summaryHeld', { count: counts.held }),
    counts.refunded > 0 && t('notifications.summaryRefunded', { count: counts.refunded }),
    counts.answered > 0 && t('notifications.summaryAnswered', { count: counts.answered }),
  ].filter(Boolean);
  const summary = t('notifications.summary', { count: notifications.length, parts: parts.join(', ') });

  return createPortal(
    <div
      role="status"
      data-testid="notifications-toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-30 flex items-start gap-2 rounded-2xl bg-white p-2 text-ink shadow-xl ring-1 ring-ink/15 md:inset-x-auto md:right-6 md:bottom-6 md:w-96"
    >
      <span aria-hidden="true" className="mt-2 ml-1 size-2.5 shrink-0 rounded-full bg-ruby" />
      <button
        type="button"
        onClick={() => {
          setDone(true);
          onOpenList();
        }}
        className="min-w-0 flex-1 rounded-xl px-1 py-1 text-left text-sm outline-none hover:bg-royal/5 focus-visible:ring-2 focus-visible:ring-royal"
      >
        <span className="block font-semibold">{summary}</span>
        <span className="mt-0.5 block font-bold text-royal underline">{t('notifications.openList')}</span>
      </button>
      <button
        type="button"
        aria-label={t('notifications.dismiss')}
        onClick={() => setDone(true)}
        className="shrink-0 rounded-full p-1.5 text-ink/60 hover:bg-ink/5 focus-visible:ring-2 focus-visible:ring-royal"
      >
        <CloseIcon width={18} height={18} />
      </button>
    </div>,
    document.body,
  );
}
