/**
 * Keeps `value` under `key` in a map of at most `limit` entries: a full map first forgets its
 * oldest entry (the first one set). The in-memory caches of things that never change, or are
 * cheap to make again, use it.
 */
export function keepBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (!map.has(key) && map.size >= limit) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
  return value;
}
