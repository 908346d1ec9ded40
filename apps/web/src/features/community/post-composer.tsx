'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useRef, useState, type MouseEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';

/** Fetched on the first opening: the dialog library stays off the page's first load. */
const ComposerDialog = dynamic(() => import('./composer-dialog'), { ssr: false });

/** The post composer placeholder: a collapsed bar that opens the composer dialog. */
export function PostComposer() {
  const t = useTranslations('community');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // Once loaded, it stays rendered: the draft survives closing, and closing plays out as usual.
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const name = user?.displayName ?? '?';

  const show = (event: MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget;
    setWanted(true);
    setOpen(true);
  };

  return (
    <>
      <h1 className="mb-4 text-2xl font-black text-ink">{t('title')}</h1>
      <div
        className="flex items-center gap-3 rounded-3xl bg-white p-3 shadow-md ring-2 ring-gold/30"
        data-testid="composer-bar"
      >
        <Avatar avatar={user?.avatar} displayName={name} size={40} />
        <button
          type="button"
          onClick={show}
          aria-haspopup="dialog"
          aria-expanded={open}
          className="min-w-0 flex-1 rounded-full bg-cream px-4 py-2.5 text-left text-ink/70 ring-1 ring-ink/10 hover:bg-ink/5"
        >
          {t('prompt')}
        </button>
        <Button onClick={show} aria-haspopup="dialog" aria-expanded={open}>
          {t('post')}
        </Button>
      </div>
      {wanted && <ComposerDialog open={open} onOpenChange={setOpen} returnFocus={opener} />}
    </>
  );
}
