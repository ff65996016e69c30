import { asc, count, eq, and, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, merchants } from "@/db/schema";

/** All merchants with the number of active keys each, oldest first (operator view). */
export async function listMerchants(db: Db) {
  return db
    .select({
      id: merchants.id,
      name: merchants.name,
      currency: merchants.currency,
      evmAddress: merchants.evmAddress,
      solanaAddress: merchants.solanaAddress,
      activeKeys: count(apiKeys.id),
      createdAt: merchants.createdAt,
    })
    .from(merchants)
    .leftJoin(apiKeys, and(eq(apiKeys.merchantId, merchants.id), isNull(apiKeys.revokedAt)))
    .groupBy(merchants.id)
    .orderBy(asc(merchants.createdAt));
}
