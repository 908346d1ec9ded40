export type DownloadTarget = 'appStore' | 'apk' | 'playStore';

/** GMT+7 as `Date#getTimezoneOffset` reports it (minutes behind UTC). */
const GMT_PLUS_7 = -420;

/**
 * Apple devices get the App Store; other visitors in GMT+7 (Vietnam) get the direct APK; everyone
 * else the Play Store. iPadOS reports itself as a Mac, hence Macintosh counts as Apple.
 */
export function pickDownload(userAgent: string, timezoneOffsetMinutes: number): DownloadTarget {
  if (/iPhone|iPad|iPod|Macintosh/i.test(userAgent)) return 'appStore';
  if (timezoneOffsetMinutes === GMT_PLUS_7) return 'apk';
  return 'playStore';
}
