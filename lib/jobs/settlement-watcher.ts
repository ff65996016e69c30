import { getDb } from "@/db/client";
import { checkDueSubmissions } from "@/lib/settlement/check-due-submissions";
import { every } from "./every";

/** Look at due submissions every `intervalMs` until their payments are final. */
export function startSettlementWatcher(intervalMs: number): () => void {
  return every("watcher", intervalMs, async () => {
    // Checks run on after the pass returns, so the next tick is never held up by a slow one.
    await checkDueSubmissions(await getDb(), { wait: false });
  });
}
