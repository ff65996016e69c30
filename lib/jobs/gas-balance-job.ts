import { log } from "@/lib/log";
import { refreshGasSnapshot } from "@/lib/operations/gas-snapshot";
import { every } from "./every";

/**
 * Keep this process's gas balance snapshot fresh, so /healthz never reads a chain itself: once now
 * (not awaited: a slow chain must not hold up the server's start), then every `intervalMs`.
 */
export function startGasBalanceJob(intervalMs: number): () => void {
  const pass = async () => {
    await refreshGasSnapshot();
  };
  pass().catch((err: unknown) => log.error({ job: "gas", err }, "gas pass failed"));
  return every("gas", intervalMs, pass);
}
