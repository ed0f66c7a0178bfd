/**
 * Deterministic randomness for the sandbox network. Everything is keyed by names (airport and
 * airline codes) rather than drawn from one sequential stream, so adding an airline or changing the
 * order of a loop does not reshuffle the rest of the schedule.
 */

/** FNV-1a over the text, mixed with a seed; a 32-bit unsigned integer. */
export function hashText(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return avalanche(hash);
}

/** A uniform number in [0, 1) determined by the seed and the parts (e.g. airline and airport). */
export function unitHash(seed: number, ...parts: readonly (string | number)[]): number {
  return hashText(parts.join('|'), seed) / 0x1_0000_0000;
}

/**
 * A uniform number in [0, 1) from integers (e.g. airline and airport indices); the hot-loop twin of
 * unitHash, with no strings built.
 */
export function unitMix(seed: number, a: number, b = 0, c = 0): number {
  let h = avalanche((seed ^ Math.imul(a + 1, 0x9e3779b1)) >>> 0);
  h = avalanche((h ^ Math.imul(b + 1, 0x85ebca77)) >>> 0);
  h = avalanche((h ^ Math.imul(c + 1, 0xc2b2ae3d)) >>> 0);
  return h / 0x1_0000_0000;
}

/** Mulberry32: a small, fast, seeded generator for when a stream is what's wanted. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

/** Murmur3's finaliser: spreads nearby hashes apart so low bits are usable. */
function avalanche(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
