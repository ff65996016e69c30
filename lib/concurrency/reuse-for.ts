/** Where reuseFor keeps its readings: pass one on globalThis to share it across Next.js bundles. */
export type ReuseStore<T> = Map<string, { at: number; value: Promise<T> }>;

/**
 * Reuse a reading per key for `ttlMs`: asks for one key within that time of a read share it, in flight
 * or done (`read` runs only when none is fresh); a failed read is not kept, so the next ask tries again.
 */
export function reuseFor<T>(
  ttlMs: number,
  options: { now?: () => number; store?: ReuseStore<T> } = {},
): (key: string, read: () => Promise<T>) => Promise<T> {
  const now = options.now ?? Date.now;
  const store: ReuseStore<T> = options.store ?? new Map();
  return (key, read) => {
    const hit = store.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const entry = { at: now(), value: read() };
    store.set(key, entry);
    entry.value.catch(() => {
      if (store.get(key) === entry) store.delete(key);
    });
    return entry.value;
  };
}
