import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { confirmRefusals } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";

/** How long a window of refused confirms lasts. */
export const REFUSAL_WINDOW_S = 600;

/**
 * 429 while this payment's refused confirms in the current window have reached the cap. `refusals`: the
 * payment's row as read with the confirm's context (lib/gateway/load-confirm-context.ts), `leftS` the
 * seconds left of its window; undefined when it has none.
 */
export function assertConfirmsLeft(refusals: { count: number; leftS: number } | undefined): void {
  if (!refusals || refusals.leftS <= 0 || refusals.count < env().GATEWAY_REFUSED_CONFIRMS_PER_PAYMENT) return;
  throw new ApiError(
    "rate_limited",
    `Too many refused confirms for this payment; try again in ${refusals.leftS} seconds`,
    { retryAfterSeconds: Math.max(1, refusals.leftS) },
  );
}

/** Count one refused confirm of the payment (a new window once the last one has ended). */
export async function countRefusedConfirm(db: Db, paymentId: string): Promise<void> {
  await db.execute(sql`
    insert into ${confirmRefusals} (payment_id, window_start, count) values (${paymentId}, now(), 1)
    on conflict (payment_id) do update set
      count = case when ${confirmRefusals}.window_start < now() - make_interval(secs => ${REFUSAL_WINDOW_S}) then 1 else ${confirmRefusals}.count + 1 end,
      window_start = case when ${confirmRefusals}.window_start < now() - make_interval(secs => ${REFUSAL_WINDOW_S}) then now() else ${confirmRefusals}.window_start end`);
}
