import toast, { type Renderable } from 'react-hot-toast';

/**
 * The site's second toast style, beside the default one: notices sit top right, 100 px from the top,
 * and stay for 5,000 ms.
 */
export const NOTICE_TOASTER = 'notice';
export const NOTICE_MS = 5_000;
export const NOTICE_TOP_PX = 100;

export function notice(content: Renderable, options: { id?: string } = {}) {
  return toast(content, { ...options, toasterId: NOTICE_TOASTER });
}
