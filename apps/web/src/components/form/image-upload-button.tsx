'use client';

import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';

/**
 * A button that picks a picture and sends it through the API's upload pipeline (which re-encodes it to
 * WebP at the sizes its page uses); `onUploaded` gets the answer (the paths to put in the form).
 */
export function ImageUploadButton<T>({
  label,
  upload,
  onUploaded,
  uploaded,
  failed,
}: {
  label: string;
  upload: (file: File) => Promise<T>;
  onUploaded: (answer: T) => void;
  /** The toasts after it. */
  uploaded: string;
  failed: string;
}) {
  const sending = useMutation({ mutationFn: upload });
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-royal ring-1 ring-royal/40">
      {sending.isPending && <Spinner />}
      {label}
      <input
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        disabled={sending.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          sending.mutate(file, {
            onSuccess: (answer) => {
              onUploaded(answer);
              toast.success(uploaded);
            },
            onError: (error) => toast.error(messageOf(error, failed)),
          });
        }}
      />
    </label>
  );
}

/** The multipart body of one picture in `file`. */
export function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}
