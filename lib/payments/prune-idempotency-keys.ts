import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deleteInBatches } from "@/db/delete-in-batches";

/** How long an Idempotency-Key is remembered (as Stripe does): a retry comes within minutes, not days. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * Forget Idempotency-Keys older than IDEMPOTENCY_KEY_HOURS, the merchant API's (create payment) and
 * the Platform API's alike, so neither table grows with every create ever made. A key reused
 * after that makes a new payment (or merchant), as a new key would. Returns how many went.
 */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const old = sql`created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;
  return (
    (await deleteInBatches(db, "idempotency_keys", old)) + (await deleteInBatches(db, "platform_idempotency_keys", old))
  );
}
