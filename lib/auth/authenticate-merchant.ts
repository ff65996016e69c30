import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { prepared } from "@/db/prepared-per-db";
import { apiKeys, merchants } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { hashApiKey, sameHash } from "./api-key-secret";
import { recordKeyUse } from "./record-key-use";

export type AuthenticatedMerchant = {
  id: string;
  name: string;
  currency: string;
  defaultExpirySeconds: number | null;
  keyId: string;
  /** What the matched key may do (scopes.ts); routes check it with assertScopes. */
  scopes: readonly string[];
};

/**
 * Partner authentication (spec 5.1): `Api-Key` must be an active key of the merchant named by
 * `Merchant-Id`.
 */
export async function authenticateMerchant(db: Db, headers: Headers): Promise<AuthenticatedMerchant> {
  const { merchantId, apiKey } = partnerHeaders(headers);
  const merchant = await verifyMerchantKey(db, merchantId, apiKey);
  if (!merchant) throw merchantNotFound(merchantId);
  return merchant;
}

/** The partner headers, both required: `Api-Key` (401 when missing) and `Merchant-Id` (400). */
export function partnerHeaders(headers: Headers): { merchantId: string; apiKey: string } {
  const apiKey = headers.get("api-key")?.trim();
  if (!apiKey) throw new ApiError("missing_api_key", "Missing Api-Key header");
  const merchantId = headers.get("merchant-id")?.trim();
  if (!merchantId) throw new ApiError("missing_merchant_id", "Missing Merchant-Id header");
  return { merchantId, apiKey };
}

export function merchantNotFound(merchantId: string): ApiError {
  return new ApiError("merchant_not_found", `No merchant with id ${merchantId.slice(0, 64)}`);
}

/**
 * Check `apiKey` against the merchant's active keys. One query loads the merchant with its active
 * key hashes; every hash is compared in constant time, so timing reveals neither which key matched
 * nor how much of it. Undefined when the merchant does not exist; throws `invalid_api_key` when the
 * key is not one of its active keys.
 */
export async function verifyMerchantKey(
  db: Db,
  merchantId: string,
  apiKey: string,
): Promise<AuthenticatedMerchant | undefined> {
  const merchant = matchMerchantKey(await merchantKeysQuery(db).execute({ merchantId }), apiKey);
  if (merchant) recordKeyUse(db, merchant.keyId);
  return merchant;
}

type MerchantKeyRow = Omit<AuthenticatedMerchant, "keyId" | "scopes"> & {
  keyId: string | null;
  keyHash: string | null;
  keyScopes: string[] | null;
};

/**
 * The merchant of `rows` (one per active key, or one with null key) if `apiKey` is one of its
 * keys. Every hash is compared, in constant time. Undefined for no rows (no such merchant).
 */
export function matchMerchantKey(rows: MerchantKeyRow[], apiKey: string): AuthenticatedMerchant | undefined {
  const merchant = rows[0];
  if (!merchant) return undefined;
  const presented = hashApiKey(apiKey);
  let matched: MerchantKeyRow | undefined;
  for (const row of rows) {
    if (row.keyHash && row.keyId && sameHash(row.keyHash, presented)) matched = row;
  }
  if (!matched) throw new ApiError("invalid_api_key", "Api-Key is not valid for this merchant");
  return {
    id: merchant.id,
    name: merchant.name,
    currency: merchant.currency,
    defaultExpirySeconds: merchant.defaultExpirySeconds,
    keyId: matched.keyId!,
    scopes: matched.keyScopes ?? [],
  };
}

/** A merchant's fields and one row per active key (or one row with a null key): what every key check reads. */
export const MERCHANT_KEY_FIELDS = {
  id: merchants.id,
  name: merchants.name,
  currency: merchants.currency,
  defaultExpirySeconds: merchants.defaultExpirySeconds,
  keyId: apiKeys.id,
  keyHash: apiKeys.keyHash,
  keyScopes: apiKeys.scopes,
};
export const ACTIVE_KEY_OF_MERCHANT = and(eq(apiKeys.merchantId, merchants.id), isNull(apiKeys.revokedAt));
/** The merchant named by the `merchantId` placeholder; a deleted one (Platform API soft delete) is no merchant at all. */
export const LIVE_MERCHANT = and(eq(merchants.id, sql.placeholder("merchantId")), isNull(merchants.deletedAt));

const merchantKeysQuery = prepared((db: Db) =>
  db
    .select(MERCHANT_KEY_FIELDS)
    .from(merchants)
    .leftJoin(apiKeys, ACTIVE_KEY_OF_MERCHANT)
    .where(LIVE_MERCHANT)
    .prepare("auth_merchant_keys"),
);
