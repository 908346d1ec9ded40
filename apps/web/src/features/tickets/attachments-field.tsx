'use client';

import { ticketLimits } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef } from 'react';
import { FieldError } from '@/components/form/fields';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';

/** Every message about the chosen files: the list's own (too many) and each file's (size, format). */
export function attachmentMessages(error: unknown): string[] {
  const found = error as
    (Record<number, { message?: string }> & { message?: string; root?: { message?: string } }) | undefined;
  if (!found) return [];
  const messages = [found.message, found.root?.message];
  for (let index = 0; index < ticketLimits.maxFiles + 10; index += 1) messages.push(found[index]?.message);
  return [...new Set(messages.filter((message): message is string => Boolean(message)))];
}

function Previews({
  files,
  onRemove,
  removeLabel,
}: {
  files: File[];
  onRemove: (index: number) => void;
  removeLabel: (name: string) => string;
}) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 grid grid-cols-3 gap-3" data-testid="attachment-previews">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${index}`}
          className="relative aspect-square overflow-hidden rounded-xl bg-ink/5 ring-1 ring-ink/10"
        >
          {/* Local object URLs: next/image cannot optimise them. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={urls[index]} alt={file.name} className="size-full object-cover" />
          <button
            type="button"
            onClick={() => onRemove(index)}
            aria-label={removeLabel(file.name)}
            className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-ink/75 text-white hover:bg-ruby"
          >
            <CloseIcon width={16} height={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Up to 3 images for a ticket or a follow-up: the hidden file input, its button, previews with a
 * remove button each, and the messages about the chosen files under them.
 */
export function AttachmentsField({
  id,
  files,
  onChange,
  messages,
}: {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
  messages: string[];
}) {
  const t = useTranslations('tickets');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <p className="mb-1 text-sm font-semibold">{t('attachments')}</p>
      <p className="text-sm text-ink/70">{t('attachmentsHint')}</p>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp"
        multiple
        className="sr-only"
        aria-label={t('addImages')}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (chosen.length > 0) onChange([...files, ...chosen]);
        }}
      />
      <Button variant="outline" className="mt-2" onClick={() => input.current?.click()}>
        {t('addImages')}
      </Button>
      <Previews
        files={files}
        onRemove={(index) => onChange(files.filter((_, position) => position !== index))}
        removeLabel={(name) => t('removeImage', { name })}
      />
      {messages.map((message) => (
        <FieldError key={message} id={`${id}-error`} message={message} />
      ))}
    </div>
  );
}
