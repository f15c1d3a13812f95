/**
 * A tiny deterministic random source for the sandbox: the same seed always yields the same
 * sequence, so a tracking number's history is identical on every request without storing
 * it, and a seeded sandbox injects the same faults on every run.
 */

/** FNV-1a, 32 bits: cheap and well spread for short strings such as tracking numbers. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a 32-bit state generator, plenty for picking minutes and phrasings. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws a whole number in [min, max] (both included). */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Picks one element of a non-empty list. */
export function pick<T>(random: () => number, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}
