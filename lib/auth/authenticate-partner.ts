import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { partnerApiKeys, partners } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { hashApiKey, sameHash } from "./api-key-secret";

export type AuthenticatedPartner = { id: string; name: string; keyId: string };

/**
 * Platform API authentication: `Api-Key` must be an active partner key (401 `missing_api_key`,
 * else `invalid_api_key`). Merchant keys live in another table, so one never passes here, and a
 * partner key is never a merchant key on the merchant API.
 *
 * Unlike merchant keys there is no id header to scope the lookup, so the key is found by its
 * SHA-256 digest through the unique index. That leaks no timing about stored secrets: an attacker
 * cannot choose a presented key whose digest lands near a stored one. The digest is still compared
 * in constant time once found, as every key comparison here is.
 */
export async function authenticatePartner(db: Db, headers: Headers): Promise<AuthenticatedPartner> {
  const apiKey = headers.get("api-key")?.trim();
  if (!apiKey) throw new ApiError("missing_api_key", "Missing Api-Key header");
  const presented = hashApiKey(apiKey);
  const [row] = await db
    .select({ id: partners.id, name: partners.name, keyId: partnerApiKeys.id, keyHash: partnerApiKeys.keyHash })
    .from(partnerApiKeys)
    .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
    .where(and(eq(partnerApiKeys.keyHash, presented), isNull(partnerApiKeys.revokedAt)));
  if (!row || !sameHash(row.keyHash, presented))
    throw new ApiError("invalid_api_key", "Api-Key is not a valid platform partner key");
  return { id: row.id, name: row.name, keyId: row.keyId };
}
