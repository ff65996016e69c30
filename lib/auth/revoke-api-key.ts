import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";

/** Revoke a key; it is refused by the very next request. False when no active key has that id. */
export async function revokeApiKey(db: DbOrTx, keyId: string, merchantId?: string): Promise<boolean> {
  const conditions = [eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)];
  if (merchantId) conditions.push(eq(apiKeys.merchantId, merchantId));
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
