import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";

/** A merchant's active API keys, newest first: what the keys page lists (never a hash or secret). */
export async function listApiKeys(db: Db, merchantId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      kind: apiKeys.kind,
      scopes: apiKeys.scopes,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, merchantId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}
