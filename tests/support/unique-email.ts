let counter = 0;

/** An email no earlier test or run has used (accounts persist in the test database). Free of vitest, so the browser tests use it too. */
export function uniqueEmail(tag = "user"): string {
  return `${tag}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 8)}@shop.example`;
}
