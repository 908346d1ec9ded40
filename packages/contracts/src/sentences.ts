/**
 * @carabala/contracts/sentences: how a refusal names its words (decision record 053). Contracts carry
 * catalogue keys, never sentences; each app says a key in its reader's language from
 * `apps/web/messages/<locale>/errors.json`. No zod here, so the web's API client can use it.
 */

/** The values a catalogue sentence names in braces, e.g. `{max}` or `{shortId}`. */
export type MessageParams = Record<string, string | number>;

/**
 * A sentence of the message catalogue (`apps/web/messages/<locale>/errors.json`): its key and the
 * values it names. Contracts carry keys, never words; each side turns them into its reader's language.
 */
export interface Sentence {
  key: string;
  params?: MessageParams;
}

export const sentence = (key: string, params?: MessageParams): Sentence => (params ? { key, params } : { key });

/** The catalogue key of a response code: the product-named sign-in codes share one sentence each. */
export const codeKey = (code: string) =>
  code.replace(/^api\.auth\.[^.]+\.(password\.invalid|unactivated|banned)$/, 'api.auth.product.$1');

/** What a zod issue tells its sentence: the bound it broke (`{min}`, `{max}`) and a refinement's own params. */
export function issueParams(issue: object): MessageParams {
  const { minimum, maximum, params: own } = issue as { minimum?: unknown; maximum?: unknown; params?: unknown };
  const params: MessageParams = {};
  if (typeof minimum === 'number' || typeof minimum === 'bigint') params.min = Number(minimum);
  if (typeof maximum === 'number' || typeof maximum === 'bigint') params.max = Number(maximum);
  if (own && typeof own === 'object') Object.assign(params, own);
  return params;
}
