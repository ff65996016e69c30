import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, merchants } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { hashApiKey } from "./api-key-secret";
import { verifyMerchantKey, type AuthenticatedMerchant } from "./authenticate-merchant";
import { recordKeyUse } from "./record-key-use";

/**
 * Authentication of the replacement listings, with only the codes their contract allows (all 401):
 * `missing_api_key`, `invalid_api_key`, and `missing_merchant_id` where the header is required. An
 * unknown merchant reads as a wrong key (no 404), so the route does not reveal which merchant ids
 * exist. `GET /v1/merchants/payments` requires `Merchant-Id`; `GET /v1/payments` names no such
 * header, so there the key alone names its merchant, and a `Merchant-Id` sent must be that one.
 */
export async function authenticateListingKey(
  db: Db,
  headers: Headers,
  { merchantIdRequired }: { merchantIdRequired: boolean },
): Promise<AuthenticatedMerchant> {
  const apiKey = headers.get("api-key")?.trim();
  if (!apiKey) throw new ApiError("missing_api_key", "Missing Api-Key header");
  const merchantId = headers.get("merchant-id")?.trim();
  if (!merchantId && merchantIdRequired)
    throw new ApiError("missing_merchant_id", "Missing Merchant-Id header", { answerAs: "unauthenticated" });
  const merchant = merchantId ? await verifyMerchantKey(db, merchantId, apiKey) : await merchantOfKey(db, apiKey);
  if (!merchant) throw new ApiError("invalid_api_key", "Api-Key is not valid for this merchant");
  return merchant;
}

/**
 * The merchant whose active key this is: found by the key's SHA-256 (unique), so no secret is
 * compared here. A deleted merchant has none: its keys are revoked at delete, and one that escaped
 * (made in a race with the delete, or by the CLI afterwards) is refused here as everywhere else.
 */
async function merchantOfKey(db: Db, apiKey: string): Promise<AuthenticatedMerchant | undefined> {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      currency: merchants.currency,
      defaultExpirySeconds: merchants.defaultExpirySeconds,
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
    })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.revokedAt), isNull(merchants.deletedAt)));
  if (row) recordKeyUse(db, row.keyId);
  return row;
}
