import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { platformIdempotencyKeys } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { hashRequest } from "@/lib/http/request-hash";

export type PlatformAnswer = { status: number; body: unknown };
type Claim = { partnerId: string; scope: string; key: string; request: unknown };

/**
 * Run a Platform API create once per (partner, scope, Idempotency-Key), the way create payment
 * does: the key row is inserted first in the same transaction as the work, so concurrent requests
 * with one key wait on it and then replay the stored answer. Same key and request: the first
 * answer, exactly. Same key, other request: 409 `idempotency_conflict`. A request that fails rolls
 * the key back with everything else, so a retry after an error runs again.
 */
export async function runIdempotent(
  db: Db,
  claim: Claim,
  work: (tx: Tx) => Promise<PlatformAnswer>,
): Promise<PlatformAnswer & { replayed: boolean }> {
  const requestHash = hashRequest(claim.request);
  const where = and(
    eq(platformIdempotencyKeys.partnerId, claim.partnerId),
    eq(platformIdempotencyKeys.scope, claim.scope),
    eq(platformIdempotencyKeys.key, claim.key),
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(platformIdempotencyKeys)
      .values({ partnerId: claim.partnerId, scope: claim.scope, key: claim.key, requestHash })
      .onConflictDoNothing()
      .returning({ key: platformIdempotencyKeys.key });
    if (claimed.length === 0) {
      const [record] = await tx.select().from(platformIdempotencyKeys).where(where);
      if (!record || record.requestHash !== requestHash) {
        throw new ApiError("idempotency_conflict", "This Idempotency-Key was already used with a different request");
      }
      if (record.responseStatus === null) throw new ApiError("internal_error", "Idempotency record without its answer");
      return { status: record.responseStatus, body: record.responseBody, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .update(platformIdempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(where);
    return { ...answer, replayed: false };
  });
}
