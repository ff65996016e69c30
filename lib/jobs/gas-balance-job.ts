import { getDb } from "@/db/client";
import { log } from "@/lib/log";
import { queueGasLowNotices } from "@/lib/notifications/queue-gas-low-notices";
import { refreshGasSnapshot } from "@/lib/operations/gas-snapshot";
import { every } from "./every";

/**
 * Keep this process's gas balance snapshot fresh, so /healthz never reads a chain itself: once now
 * (not awaited: a slow chain must not hold up the server's start), then every `intervalMs`; a key that reads low queues the operator's email.
 */
export function startGasBalanceJob(intervalMs: number): () => void {
  const pass = async () => {
    const entries = await refreshGasSnapshot();
    // The operator's email (OPERATOR_EMAIL), once a day per key while it stays low.
    await queueGasLowNotices(await getDb(), entries);
  };
  pass().catch((err: unknown) => log.error({ job: "gas", err }, "gas pass failed"));
  return every("gas", intervalMs, pass);
}
