import type { Db } from "@/db/client";
import type { merchants } from "@/db/schema";
import { findPartnerMerchantOrThrow } from "./find-partner-merchant";
import { listSettlementDestinations, toCryptoSettlement } from "./list-settlement-destinations";

/** GET /v1/merchants/{id}/settlements: crypto destinations as the gateway pays them. */
export async function getPlatformSettlements(db: Db, partnerId: string, merchantId: string) {
  return settlementsOf(db, await findPartnerMerchantOrThrow(db, { partnerId, merchantId }));
}

export async function settlementsOf(db: Db, merchant: typeof merchants.$inferSelect) {
  // The service settles in crypto only, straight to the merchant: there are no fiat settlements.
  return { fiat: [], crypto: (await listSettlementDestinations(db, merchant)).map(toCryptoSettlement) };
}
