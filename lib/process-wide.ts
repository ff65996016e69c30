/**
 * One value per process, whichever Next.js bundle asks: instrumentation.ts (the jobs) and each route are
 * bundled apart, each with its own copy of every module, so a module variable is one per bundle (one pool,
 * one cache, one limiter per route that ran). Kept on globalThis under `Symbol.for("payment-service.<name>")`;
 * `make` runs for the first caller only. scripts/serve.mjs, plain JavaScript outside the bundles, makes
 * "lifecycle" itself under the same key.
 */
export function processWide<T>(name: string, make: () => T): T {
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return (holder[Symbol.for(`payment-service.${name}`)] ??= make());
}
