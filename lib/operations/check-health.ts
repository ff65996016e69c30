import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { GasEntry, Health } from "./gas-schemas";
import { gasSnapshot } from "./gas-snapshot";
import { isUnreachable, listRpcHealth } from "./list-rpc-health";

// Load balancers poll often and time out after a few seconds: before the first snapshot exists,
// wait this long for it and no longer.
const FIRST_SNAPSHOT_WAIT_MS = 1_500;

/**
 * Readiness. 503 only when the database does not answer: that is what stops this instance from
 * serving. Gas keys running low or chains not answering make it "degraded", still 200, so a load
 * balancer keeps it while operators see it, with each network's RPC endpoints as last seen.
 */
export async function checkHealth(): Promise<{ httpStatus: 200 | 503; body: Health }> {
  const [databaseOk, gas] = await Promise.all([databaseAnswers(), gasOrNothing()]);
  const rpc = listRpcHealth();
  if (!databaseOk)
    return { httpStatus: 503, body: { status: "unavailable", database: "unreachable", gas: gas ?? [], rpc } };
  const degraded = gas === undefined || gas.some((entry) => entry.status !== "ok") || rpc.some(isUnreachable);
  return { httpStatus: 200, body: { status: degraded ? "degraded" : "ok", database: "ok", gas: gas ?? [], rpc } };
}

async function databaseAnswers(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
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
