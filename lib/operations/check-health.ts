import { getDb } from "@/db/client";
import { isDraining } from "@/lib/lifecycle/lifecycle-host";
import { databaseState, DATABASE_PROBE_MS, networksError } from "./check-readiness";
import type { GasEntry, Health } from "./gas-schemas";
import { gasSnapshot } from "./gas-snapshot";
import { isUnreachable, listRpcHealth } from "./list-rpc-health";
import { workBacklog, type Backlog } from "./work-backlog";

// Load balancers poll often and time out after a few seconds: before the first snapshot exists,
// wait this long for it and no longer.
const FIRST_SNAPSHOT_WAIT_MS = 1_500;
/** A queue whose oldest due item has waited longer than this needs attention (the service falls behind). */
export const WATCHER_BEHIND_S = 30;
export const WEBHOOKS_BEHIND_S = 60;

/**
 * The details an operator looks at. 503 only when the database does not answer. Anything else that
 * needs attention makes it "degraded" (still 200), with the reasons: no network configured or the
 * networks file unreadable, gas keys low or unread, a network none of whose RPC endpoints answers,
 * migrations missing, the settlement watcher or the webhook queue falling behind, or draining.
 */
export async function checkHealth(): Promise<{ httpStatus: 200 | 503; body: Health }> {
  const [database, gas] = await Promise.all([databaseState(), gasOrNothing()]);
  const rpc = listRpcHealth();
  const draining = isDraining();
  const empty: Backlog = { due: 0, oldestDueSeconds: 0 };
  const base = { gas: gas ?? [], rpc, draining };
  if (database === "unreachable")
    return {
      httpStatus: 503,
      body: {
        status: "unavailable",
        database: "unreachable",
        ...base,
        watcher: empty,
        webhooks: empty,
        reasons: ["database unreachable"],
      },
    };
  const backlog = await backlogOrNothing();
  const reasons: string[] = [];
  const networks = networksError();
  if (networks) reasons.push(`networks not loaded: ${networks}`);
  else if (rpc.length === 0) reasons.push("no networks configured: nothing can be paid");
  if (database === "migrations pending") reasons.push("database migrations pending");
  if (gas === undefined) reasons.push("gas keys cannot be listed");
  for (const entry of gas ?? []) if (entry.status !== "ok") reasons.push(`gas ${entry.status} on ${entry.network}`);
  for (const network of rpc) if (isUnreachable(network)) reasons.push(`no RPC endpoint of ${network.network} answers`);
  if (!backlog) reasons.push("the work queues cannot be read");
  else {
    if (backlog.watcher.oldestDueSeconds > WATCHER_BEHIND_S)
      reasons.push(`settlement watcher ${backlog.watcher.oldestDueSeconds} s behind`);
    if (backlog.webhooks.oldestDueSeconds > WEBHOOKS_BEHIND_S)
      reasons.push(`webhook deliveries ${backlog.webhooks.oldestDueSeconds} s behind`);
  }
  if (draining) reasons.push("draining: shutting down");
  return {
    httpStatus: 200,
    body: {
      status: reasons.length ? "degraded" : "ok",
      database: "ok",
      ...base,
      watcher: backlog?.watcher ?? empty,
      webhooks: backlog?.webhooks ?? empty,
      reasons,
    },
  };
}

async function backlogOrNothing() {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), DATABASE_PROBE_MS)),
  );
  try {
    return await Promise.race([
      getDb()
        .then(workBacklog)
        .catch(() => undefined),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Undefined when the gas keys cannot even be listed (a broken networks file): degraded, not down.
 * Not logged here, at the load balancer's pace: the gas job logs each failed pass.
 */
async function gasOrNothing(): Promise<GasEntry[] | undefined> {
  try {
    return await gasSnapshot(FIRST_SNAPSHOT_WAIT_MS);
  } catch {
    return undefined;
  }
}
