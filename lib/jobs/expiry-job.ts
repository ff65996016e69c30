import { getDb } from "@/db/client";
import { expireDuePayments } from "@/lib/payments/expire-due-payments";
import { log } from "@/lib/log";
import { every } from "./every";

/**
 * Sweep expired payments every `intervalMs`, so the database (and anything reading it directly,
 * such as listings and statistics) agrees with what the API reports even when nobody polls.
 */
export function startExpiryJob(intervalMs: number): () => void {
  return every("expiry", intervalMs, async () => {
    const count = await expireDuePayments(await getDb());
    if (count > 0) log.info({ job: "expiry", expired: count }, "payments expired");
  });
}
