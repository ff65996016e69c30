import type { Db } from "@/db/client";
import { notificationSends } from "@/db/schema";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { GasEntry } from "@/lib/operations/gas-schemas";
import { gasLowNotice } from "./render-notice";

/**
 * A notice to OPERATOR_EMAIL for each gas key that reads low, at most one per key per UTC day: the
 * key of the row names the day, so every reading of every instance that day finds it written already.
 * Nothing without OPERATOR_EMAIL.
 */
export async function queueGasLowNotices(db: Db, entries: GasEntry[], now = new Date()): Promise<void> {
  const to = env().OPERATOR_EMAIL;
  if (!to) return;
  const day = now.toISOString().slice(0, 10);
  const rows = entries
    .filter((e) => e.status === "low")
    .map((e) => ({
      id: newId("ntf"),
      key: `gas_low:${e.network}:${e.address}:${day}`,
      kind: "gas_low",
      toEmail: to,
      ...gasLowNotice(e),
    }));
  if (rows.length)
    await db.insert(notificationSends).values(rows).onConflictDoNothing({ target: notificationSends.key });
}
