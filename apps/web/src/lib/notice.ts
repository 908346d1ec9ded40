import toast, { type Renderable } from 'react-hot-toast';

/** The second notification style of point 9: top right, 100 px from the top, shown for 5,000 ms. */
export const NOTICE_TOASTER = 'notice';
export const NOTICE_MS = 5_000;
export const NOTICE_TOP_PX = 100;

export function notice(content: Renderable, options: { id?: string } = {}) {
  return toast(content, { ...options, toasterId: NOTICE_TOASTER });
}
