let counter = 0;

/**
 * A client address of its own (IPv6 documentation range), as a proxy would forward it in
 * X-Forwarded-For: per-address limits then count only what a test does on purpose, also across
 * runs against the same database. Free of vitest, so the browser tests use it too.
 */
export function uniqueClientIp(): string {
  return `2001:db8::${(++counter).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
}
