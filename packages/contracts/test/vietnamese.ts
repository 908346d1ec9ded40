import { readFileSync } from 'node:fs';
import { issueParams } from '../src/sentences';

// The Vietnamese catalogue the API and the web read (apps/web/messages/vi, decision record 053): the
// contracts carry keys, and these tests check the sentences a player reads.
type Tree = { [key: string]: string | Tree };
const trees = ['errors', 'adminErrors'].map(
  (name) =>
    JSON.parse(readFileSync(new URL(`../../../apps/web/messages/vi/${name}.json`, import.meta.url), 'utf8')) as Tree,
);

/** The Vietnamese sentence of a zod issue whose message is a catalogue key (`{brand}` is Carabala). */
export function vietnamese(issue: { message: string; params?: object }): string {
  const params: Record<string, string | number> = { brand: 'Carabala', ...issueParams(issue) };
  for (const tree of trees) {
    let node: string | Tree | undefined = tree;
    for (const part of issue.message.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string')
      return node.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
  }
  throw new Error(`no Vietnamese sentence for ${issue.message}`);
}
