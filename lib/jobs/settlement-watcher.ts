import { getDb } from "@/db/client";
import { settleProcessingPayments } from "@/lib/gateway/settle-processing-payments";
import { every } from "./every";

/** Watch processing payments on chain every `intervalMs` until they are final. */
export function startSettlementWatcher(intervalMs: number): () => void {
  return every("watcher", intervalMs, async () => {
    await settleProcessingPayments(await getDb());
  });
}
