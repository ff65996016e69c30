import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";

/**
 * Wake the delivery workers (they LISTEN on `webhook_deliveries`). Sent inside the transaction that
 * made work due: PostgreSQL delivers it at commit, so no worker looks before the rows are visible.
 */
export async function notifyWebhookWorker(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify('webhook_deliveries', '')`);
}
