import { hostname } from "node:os";
import { getDb } from "@/db/client";
import { loadNetworks } from "@/lib/chains/load-networks";
import { withDeadline } from "@/lib/concurrency/deadline";
import { env } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { onShutdown } from "@/lib/lifecycle/lifecycle-host";
import { trackWork } from "@/lib/lifecycle/track-work";
import { releaseCursor } from "@/lib/ledger/ledger-cursor";
import { scanNetwork } from "@/lib/ledger/scan-network";
import { watchTransfers } from "@/lib/ledger/watch-transfers";
import { log } from "@/lib/log";
import { every } from "./every";

/** This process, as the holder of a network's scan lease. */
const OWNER = `${hostname()}:${process.pid}:${randomBase62(6)}`;

/**
 * The ledger's two jobs, run for each configured network on its own: a pass of one network that is
 * still running (a stalled RPC) never holds up another network's, and the next pass of that network
 * starts only once it has ended, within a deadline inside its lease (every RPC call has a timeout too).
 */
export function startLedgerJobs(intervalMs: number): () => void {
  const running = new Set<string>();
  const once = (key: string, pass: () => Promise<unknown>) => {
    if (running.has(key)) return;
    running.add(key);
    trackWork("ledger", key, pass)
      .catch((err: unknown) => log.warn({ job: "ledger", pass: key, err: String(err) }, "ledger pass failed"))
      .finally(() => running.delete(key));
  };
  // A pass ends (its RPC calls aborted) well before its lease would let another instance take the work over.
  const deadlineMs = Math.floor(env().LEDGER_LEASE_MS * 0.8);
  // A scan gives its network back when it ends; one the shutdown's grace cut short still holds it.
  onShutdown("release", async () => {
    const db = await getDb();
    await Promise.all(loadNetworks().map((network) => releaseCursor(db, network.chainId, OWNER)));
  });
  return every("ledger", intervalMs, async () => {
    const db = await getDb();
    for (const network of loadNetworks()) {
      once(`scan ${network.chainId}`, () => withDeadline(deadlineMs, () => scanNetwork(db, network, OWNER)));
      once(`watch ${network.chainId}`, () => withDeadline(deadlineMs, () => watchTransfers(db, network)));
    }
  });
}
