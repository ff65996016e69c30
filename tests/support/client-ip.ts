let counter = 0;

const group = () => Math.floor(Math.random() * 0x10000).toString(16);

/**
 * A client address of its own (IPv6 documentation range), as a proxy would forward it in
 * X-Forwarded-For: per-address limits then count only what a test does on purpose, also across
 * runs against the same database. Each is in a /64 of its own, since limits count an IPv6 client
 * by its /64. Free of vitest, so the browser tests use it too.
 */
export function uniqueClientIp(): string {
  return `2001:db8:${group()}:${group()}::${(++counter).toString(16)}`;
}
