import type { Db } from "@/db/client";
import { findPartnerMerchantOrThrow } from "./find-partner-merchant";
import { settlementsOf } from "./get-platform-settlements";
import { toPlatformMerchant } from "./platform-merchant-view";

/** GET /v1/merchants/{id}: the merchant with its settlements. */
export async function getPlatformMerchant(db: Db, partnerId: string, merchantId: string) {
  const row = await findPartnerMerchantOrThrow(db, { partnerId, merchantId });
  return { merchant: { ...toPlatformMerchant(row), settlements: await settlementsOf(db, row) } };
}
