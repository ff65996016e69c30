import type { Db } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { verifyMerchantKey, type AuthenticatedMerchant } from "./authenticate-merchant";

/**
 * The deprecated scheme of the path-based listing (spec 5.3): `X-Api-Key`, or `Api-Key` for
 * backward compatibility, must be an active key of the merchant in the path. An unknown merchant is
 * answered like a wrong key, so the route does not reveal which merchant ids exist.
 */
export async function authenticateLegacyKey(
  db: Db,
  headers: Headers,
  merchantId: string,
): Promise<AuthenticatedMerchant> {
  const apiKey = (headers.get("x-api-key") ?? headers.get("api-key"))?.trim();
  if (!apiKey) throw new ApiError("missing_api_key", "Missing X-Api-Key header");
  const merchant = await verifyMerchantKey(db, merchantId, apiKey);
  if (!merchant) throw new ApiError("invalid_api_key", "Api-Key is not valid for this merchant");
  return merchant;
}
