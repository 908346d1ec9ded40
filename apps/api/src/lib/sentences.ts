import { codeKey, type MessageParams, type Sentence } from '@carabala/contracts';
import admin from '../../../web/messages/vi/admin.json';
import adminErrors from '../../../web/messages/vi/adminErrors.json';
import adminOps from '../../../web/messages/vi/adminOps.json';
import adminPayments from '../../../web/messages/vi/adminPayments.json';
import errors from '../../../web/messages/vi/errors.json';
import server from '../../../web/messages/vi/server.json';

/**
 * The API's words: the Vietnamese catalogue the web shows (apps/web/messages/vi, decision record 053):
 * the players' refusals (errors) and the console's (adminErrors), whose keys never overlap. A refusal
 * names a sentence by key; the API says it in Vietnamese for its `message`, and the web says it in the
 * reader's language.
 */
type Tree = { [key: string]: string | Tree };
const trees: Tree[] = [errors, adminErrors];
/** The namespaces the API's own outputs read (CSV, audit sentences, mails, alerts): the console's, and `server`. */
const namespaces: Tree = { admin, adminOps, adminPayments, server };

const fill = (template: string, params: MessageParams) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));

function walk(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A Vietnamese sentence of the API's own outputs by its path, `namespace.key` (e.g.
 * `server.ordersCsv.status`, `adminPayments.status.done`), its `{name}`s filled; the path itself when
 * the catalogue has none (a test keeps every path the API names in the catalogue).
 */
export function text(path: string, params: MessageParams = {}): string {
  const template = walk(namespaces, path);
  return template === undefined ? path : fill(template, params);
}

/** How a character reads in the console's CSV and approval summaries: "Thanh Hà (Cấp 52) · Máy chủ 1 - Rồng Lửa". */
export const characterText = (character: { characterName: string; level: number; serverName: string }) =>
  text('server.character', { name: character.characterName, level: character.level, server: character.serverName });

/** A catalogue key, or a key with the values its sentence names. */
export type Words = string | Sentence;

export const asSentence = (words: Words): Sentence => (typeof words === 'string' ? { key: words } : words);

function lookup(key: string): string | undefined {
  for (const tree of trees) {
    const found = walk(tree, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether the catalogue has a sentence under `key`. */
export const isKey = (key: string) => lookup(key) !== undefined;

/**
 * The Vietnamese sentence of `words`, its `{name}`s filled from its params, then from `defaults`.
 * Text that is not a key (a library's own message) is answered as it is.
 */
export function say(words: Words, defaults: MessageParams = {}): string {
  const { key, params } = asSentence(words);
  const template = lookup(key);
  return template === undefined ? key : fill(template, { ...defaults, ...params });
}

/** The sentence of a response code, for a refusal that names no other. */
export const sentenceOfCode = (code: string): Sentence => ({ key: codeKey(code) });

/** The `message` and, when it is not the code's own, the `key` and `params` of an envelope. */
export function spoken(code: string, words: Words, defaults?: MessageParams) {
  const { key, params } = asSentence(words);
  const body: { message: string; key?: string; params?: MessageParams } = { message: say(words, defaults) };
  // A text that is not a key (the game's callbacks answer in English, for its developers) names no key.
  if (key !== codeKey(code) && isKey(key)) body.key = key;
  if (params && Object.keys(params).length > 0) body.params = params;
  return body;
}
