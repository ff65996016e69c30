import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, merchants, sessions, users } from "@/db/schema";
import { merchantNotFound } from "./find-partner-merchant";

/**
 * DELETE /v1/merchants/{id}: a soft delete. The row and its payments stay on record; the merchant is
 * gone from the Platform API, its API keys are revoked (and refused anyway, since authentication
 * skips deleted merchants), its dashboard sessions end, and its checkout offers nothing new.
 */
export async function deletePlatformMerchant(db: Db, partnerId: string, merchantId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchants)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(merchants.id, merchantId), eq(merchants.partnerId, partnerId), isNull(merchants.deletedAt)))
      .returning({ id: merchants.id });
    if (!row) throw merchantNotFound(merchantId);
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.merchantId, merchantId), isNull(apiKeys.revokedAt)));
    await tx
      .delete(sessions)
      .where(inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.merchantId, merchantId))));
    return { id: row.id, deleted: true };
  });
}
