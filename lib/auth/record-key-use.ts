import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { log } from "@/lib/log";

const INTERVAL_MS = 60_000;
const lastWritten = new Map<string, number>();

/**
 * Note that an API key was just used, for the dashboard's "last used" column. The hot path pays
 * nothing: at most one write per key per minute per process, not awaited, and the write itself
 * skips keys another instance stamped within the minute.
 */
export function recordKeyUse(db: Db, keyId: string, now = Date.now()): void {
  const previous = lastWritten.get(keyId);
  if (previous !== undefined && now - previous < INTERVAL_MS) return;
  lastWritten.set(keyId, now);
  if (lastWritten.size > 10_000) lastWritten.clear();
  db.update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    )
    .then(
      () => undefined,
      (err: unknown) => log.warn({ err, keyId }, "could not record API key use"),
    );
}
