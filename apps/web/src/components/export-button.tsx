'use client';

import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { messageOf } from '@/lib/api-client';
import { Spinner } from './ui/spinner';

/**
 * A console button that downloads a file through `api.download`: disabled while it runs (with a
 * spinner where `spinner` is set), then a toast with the file's name, or the refusal's message.
 */
export function ExportButton({
  download,
  done,
  failed,
  spinner = false,
  className,
  children,
}: {
  download: () => Promise<string>;
  done: (filename: string) => string;
  /** The message when the refusal carries none; the error itself by default. */
  failed?: string;
  spinner?: boolean;
  className: string;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      className={className}
      onClick={async () => {
        setPending(true);
        await download()
          .then((filename) => toast.success(done(filename)))
          .catch((error: unknown) => toast.error(messageOf(error, failed ?? String(error))))
          .finally(() => setPending(false));
      }}
    >
      {spinner && pending && <Spinner />}
      {children}
    </button>
  );
}
