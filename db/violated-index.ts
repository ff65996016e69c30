/**
 * The unique index a statement violated, if that is why it failed (PostgreSQL 23505). drizzle wraps
 * the driver's error, so the chain of causes is searched.
 */
export function violatedIndex(err: unknown): string | undefined {
  for (
    let e = err as { code?: string; constraint_name?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505") return e.constraint_name;
  }
  return undefined;
}
