/** Bytes a string is counted for: two per UTF-16 unit, an upper bound of what V8 keeps. */
export const textBytes = (...texts: (string | null | undefined)[]) =>
  texts.reduce((total, text) => total + (text ? text.length * 2 : 0), 0);

/** What a Map entry, its key and a small value object cost beyond their text, roughly, in V8. */
export const ENTRY_OVERHEAD_BYTES = 96;

/**
 * A Map bounded both in entries and in bytes (as `sizeOf` counts them), so that a process's memory
 * levels off whatever the traffic. Past either bound the oldest entries go first (insertion order;
 * setting a key again moves it to the end). An entry larger than the whole byte budget is not kept.
 */
export class BoundedMap<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (key: string, value: V) => number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The bytes held, as `sizeOf` counts them. */
  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(key, value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    this.map.set(key, { value, bytes });
    this.total += bytes;
    while (this.map.size > this.maxEntries || this.total > this.maxBytes) {
      this.delete(this.map.keys().next().value!);
    }
  }

  delete(key: string): boolean {
    const entry = this.map.get(key);
    if (!entry) return false;
    this.map.delete(key);
    this.total -= entry.bytes;
    return true;
  }

  *entries(): IterableIterator<[string, V]> {
    for (const [key, entry] of this.map) yield [key, entry.value];
  }

  /** Deletes every entry for which `matches` is true. */
  deleteWhere(matches: (value: V, key: string) => boolean): void {
    for (const [key, entry] of this.map) if (matches(entry.value, key)) this.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
