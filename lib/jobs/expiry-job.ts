import { getDb } from "@/db/client";
import { expireDuePayments } from "@/lib/payments/expire-due-payments";
import { log } from "@/lib/log";

/**
 * Sweep expired payments every `intervalMs`, so the database (and anything reading it directly,
 * such as listings and statistics) agrees with what the API reports even when nobody polls.
 */
export function startExpiryJob(intervalMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return; // a slow sweep must not pile up behind itself
    running = true;
    try {
      const count = await expireDuePayments(await getDb());
      if (count > 0) log.info({ job: "expiry", expired: count }, "payments expired");
    } catch (err) {
      log.error({ job: "expiry", err }, "expiry sweep failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
