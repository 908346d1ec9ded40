/**
 * The message namespaces, and which of them the browser gets when: plain constants, apart from
 * request.ts (next-intl's server config, which reaches the locale list and its date words), so that a
 * client component naming a namespace list brings nothing else with it (decision record 052).
 */
/** One message file per namespace and locale under messages/<locale>/<namespace>.json. */
export const namespaces = [
  'common',
  'footer',
  'auth',
  'admin',
  'adminPayments',
  'adminOps',
  'adminAnalytics',
  /** The console's list of e-mails (its page loads it). */
  'adminEmails',
  'social',
  'googleCallback',
  'gameLink',
  /** Sign-up, e-mail verification and password reset (features/accounts). */
  'accounts',
  'tickets',
  'giftCode',
  'points',
  'store',
  'home',
  /** The home page's sections drawn on the server only (guides, news list): never sent to the browser. */
  'homeSections',
  'news',
  'community',
  'privacy',
  /** The player's phone verification page (decision record 057). */
  'phone',
  'vip',
  /** Players' refusals (API codes and form checks): fetched after the page starts, not in its HTML. */
  'errors',
  /** The console's refusals. */
  'adminErrors',
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * The namespaces the browser always has: those of the header, the user menu and the error pages. Every
 * other namespace reaches the browser only on the pages that ask for it with <PageMessages>
 * (i18n/page-messages.tsx), or with the component loaded on demand that asks for it with
 * <LazyMessages> (i18n/lazy-messages.tsx); the server has them all.
 */
export const SHELL_NAMESPACES: Namespace[] = ['common'];

/** Sign-in's namespaces: the dialog, the linked accounts and the Google return page load them with themselves. */
export const SIGN_IN_NAMESPACES: Namespace[] = ['auth', 'social'];
