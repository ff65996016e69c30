import { getDb } from "@/db/client";
import { checkDueSubmissions } from "@/lib/settlement/check-due-submissions";
import { every } from "./every";

/** Look at due submissions every `intervalMs` until their payments are final. */
export function startSettlementWatcher(intervalMs: number): () => void {
  return every("watcher", intervalMs, async () => {
    await checkDueSubmissions(await getDb());
  });
}
