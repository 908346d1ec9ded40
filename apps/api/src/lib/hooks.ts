/** A route's hooks of one phase as a list: Fastify takes none, one hook, or an array of them. */
export const hookList = <Hook>(hooks: Hook | Hook[] | undefined): Hook[] =>
  hooks === undefined ? [] : ([] as Hook[]).concat(hooks);
