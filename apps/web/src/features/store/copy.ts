'use client';

import toast from 'react-hot-toast';

/** Copies text (with a fallback for browsers without the async clipboard) and confirms with a toast. */
export async function copyText(text: string, confirmation: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  toast.success(confirmation);
}
