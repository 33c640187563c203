/**
 * Seeded randomness: every draw is a pure function of its key, so any instance, at any time,
 * draws the same numbers for the same fixture (no state to share, no leader).
 */
export function hashKey(...parts: (string | number)[]): number {
  // FNV-1a over the joined key, then a murmur-style finaliser to spread the bits.
  let hash = 0x811c9dc5;
  const text = parts.join('|');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A number in [0, 1) for the key. */
export function unitFor(...parts: (string | number)[]): number {
  return hashKey(...parts) / 4_294_967_296;
}

/** A generator of numbers in [0, 1) (mulberry32), seeded from a key: for long scripts. */
export function streamFor(...parts: (string | number)[]): () => number {
  let state = hashKey(...parts);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(items: readonly T[], unit: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(unit * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A Poisson draw with mean `lambda` from a stream. */
export function poisson(lambda: number, next: () => number): number {
  const limit = Math.exp(-lambda);
  let product = next();
  let count = 0;
  while (product > limit) {
    count++;
    product *= next();
  }
  return count;
}

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26), enough for prices. */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}
