/**
 * A small seeded random generator (mulberry32) and the draws the demo history makes with it: the same
 * seed gives the same history, so the demo and the tests that read it are stable.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** One of the entries, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `count` digits, as text. */
  digits(count: number): string;
  /** Bytes, for an order code. */
  bytes(count: number): Uint8Array;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [value, weight] of entries) {
        left -= weight;
        if (left < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    digits(count) {
      let text = '';
      for (let i = 0; i < count; i += 1) text += int(0, 9);
      return text;
    },
    bytes: (count) => Uint8Array.from({ length: count }, () => int(0, 255)),
  };
}

/**
 * Shares `total` out in proportion to `weights` (largest remainders): whole numbers that add up to
 * `total` exactly, whatever the weights, so the history's sizes do not depend on the seed day.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (weight * total) / sum);
  const shares = exact.map(Math.floor);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  const missing = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; i < missing; i += 1) shares[order[i]!.index]! += 1;
  return shares;
}
