/** A user's text inside a LIKE pattern: its wildcards and the escape character match themselves. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
