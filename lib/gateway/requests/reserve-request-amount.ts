import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { requestAmounts } from "@/db/schema";
import { maxRequestOffset } from "./eip681-uri";

export type Reservation = {
  chainId: string;
  /** Lowercase hex: transfers name it in any case. */
  recipient: string;
  asset: string;
  /** The quoted amount; the reserved one is above it by the smallest free offset. */
  base: bigint;
  paymentId: string;
  optionId: string;
  reservedUntil: Date;
};

/**
 * Tries before giving up: each retry follows a concurrent request that took the amount this one picked.
 * The first try takes the smallest free offset; a retry takes a random free one, so a crowd of requests
 * at one price (a busy counter) spreads out at once instead of queueing on the same next amount.
 */
const ATTEMPTS = 16;

/**
 * Reserve an amount above `base` (within maxRequestOffset; the smallest free one unless requests raced for
 * it) that no live reservation for this recipient and asset holds, or undefined when every one is taken. The primary key enforces the
 * uniqueness: of two requests that pick the same amount at once, the second's insert waits for the
 * first and then finds it taken (an expired reservation is taken over in place), and tries again.
 */
export async function reserveRequestAmount(tx: Tx, r: Reservation): Promise<bigint | undefined> {
  const until = r.reservedUntil.toISOString();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const rows = await tx.execute<{ amount: string }>(sql`
      insert into ${requestAmounts} (chain_id, recipient, asset, amount, payment_id, option_id, reserved_until)
      select ${r.chainId}, ${r.recipient}, ${r.asset}, ${r.base.toString()}::numeric + k, ${r.paymentId}, ${r.optionId}, ${until}::timestamptz
      from generate_series(1, ${Number(maxRequestOffset(r.base))}) k
      where not exists (
        select 1 from ${requestAmounts} a
        where a.chain_id = ${r.chainId} and a.recipient = ${r.recipient} and a.asset = ${r.asset}
          and a.amount = ${r.base.toString()}::numeric + k and a.reserved_until > now())
      order by ${attempt === 0 ? sql`k` : sql`random()`} limit 1
      on conflict (chain_id, recipient, asset, amount) do update
        set payment_id = excluded.payment_id, option_id = excluded.option_id,
            reserved_until = excluded.reserved_until, created_at = now()
        where ${requestAmounts}.reserved_until <= now()
      returning amount`);
    if (rows[0]) return BigInt(rows[0].amount);
    const [free] = await tx.execute<{ any: boolean }>(sql`
      select count(*) < ${Number(maxRequestOffset(r.base))} as any from ${requestAmounts} a
      where a.chain_id = ${r.chainId} and a.recipient = ${r.recipient} and a.asset = ${r.asset}
        and a.amount > ${r.base.toString()}::numeric and a.amount <= ${(r.base + maxRequestOffset(r.base)).toString()}::numeric
        and a.reserved_until > now()`);
    if (!free?.any) return undefined;
  }
  return undefined;
}
