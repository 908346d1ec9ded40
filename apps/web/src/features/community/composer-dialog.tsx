'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';

function ImageIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="10" r="2" fill="currentColor" />
      <path d="m4 18 5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

interface ComposerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bar's button that opened it, focused again on closing. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/**
 * The composer itself: a dialog (768 px and wider) or a full-screen sheet (narrower). The draft is
 * text plus an optional image as a data URL; posting only clears the draft and closes, no request is made.
 */
export default function ComposerDialog({ open, onOpenChange, returnFocus }: ComposerDialogProps) {
  const t = useTranslations('community');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const pickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !file.type.startsWith('image/')) return;
    const reader = new FileReader();
    reader.onload = () => setImage(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };

  const canPost = content.trim().length > 0 || image !== null;
  const post = () => {
    if (!canPost) return;
    setContent('');
    setImage(null);
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          data-testid="composer"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-cream md:inset-auto md:top-1/2 md:left-1/2 md:max-h-[90vh] md:w-[32rem] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl md:shadow-2xl md:ring-4 md:ring-gold/60"
        >
          <div className="flex items-center justify-between border-b border-ink/10 px-5 py-4">
            <Dialog.Title className="text-xl font-black">{t('composerTitle')}</Dialog.Title>
            <Dialog.Description className="sr-only">{t('prompt')}</Dialog.Description>
            <Dialog.Close aria-label={t('close')} className="rounded-full p-1 text-ink/70 hover:bg-ink/10">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <textarea
              value={content}
              onChange={(event) => setContent(event.target.value)}
              placeholder={t('prompt')}
              aria-label={t('contentLabel')}
              rows={5}
              className="w-full resize-none rounded-2xl bg-white p-3 ring-1 ring-ink/15 outline-none focus:ring-2 focus:ring-royal"
            />
            {image && (
              <div className="relative mt-3 inline-block">
                {/* A data URL from the visitor's own device: next/image has nothing to optimise. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={image}
                  alt={t('imagePreview')}
                  className="max-h-64 min-h-24 min-w-24 rounded-2xl bg-white object-contain ring-2 ring-gold/40"
                />
                <button
                  type="button"
                  onClick={() => setImage(null)}
                  aria-label={t('removeImage')}
                  className="absolute top-2 right-2 rounded-full bg-ink/80 p-1 text-white hover:bg-ink"
                >
                  <CloseIcon />
                </button>
              </div>
            )}
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-ink/10 px-5 py-4">
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="hidden"
              onChange={pickImage}
              data-testid="composer-file"
            />
            <Button variant="outline" onClick={() => fileInput.current?.click()}>
              <ImageIcon />
              {t('addImage')}
            </Button>
            <Button onClick={post} disabled={!canPost}>
              {t('post')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
