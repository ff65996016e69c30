import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { confirmRefusals } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";

const WINDOW_S = 600;

/** 429 while this payment's refused confirms in the current window have reached the cap. */
export async function assertConfirmsLeft(db: Db, paymentId: string): Promise<void> {
  const [row] = await db.execute<{ count: number; left_s: number }>(sql`
    select count, extract(epoch from (window_start + make_interval(secs => ${WINDOW_S}) - now()))::int as left_s
    from ${confirmRefusals} where payment_id = ${paymentId}`);
  if (!row || row.left_s <= 0 || row.count < env().GATEWAY_REFUSED_CONFIRMS_PER_PAYMENT) return;
  throw new ApiError("rate_limited", `Too many refused confirms for this payment; try again in ${row.left_s} seconds`, {
    retryAfterSeconds: Math.max(1, row.left_s),
  });
}

/** Count one refused confirm of the payment (a new window once the last one has ended). */
export async function countRefusedConfirm(db: Db, paymentId: string): Promise<void> {
  await db.execute(sql`
    insert into ${confirmRefusals} (payment_id, window_start, count) values (${paymentId}, now(), 1)
    on conflict (payment_id) do update set
      count = case when ${confirmRefusals}.window_start < now() - make_interval(secs => ${WINDOW_S}) then 1 else ${confirmRefusals}.count + 1 end,
      window_start = case when ${confirmRefusals}.window_start < now() - make_interval(secs => ${WINDOW_S}) then now() else ${confirmRefusals}.window_start end`);
}
