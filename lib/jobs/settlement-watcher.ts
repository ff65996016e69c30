import { getDb } from "@/db/client";
import { settleProcessingPayments } from "@/lib/gateway/settle-processing-payments";
import { log } from "@/lib/log";

/** Watch processing payments on chain every `intervalMs` until they are final. */
export function startSettlementWatcher(intervalMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await settleProcessingPayments(await getDb());
    } catch (err) {
      log.error({ job: "watcher", err }, "watcher pass failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
