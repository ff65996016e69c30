import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchantSettlementDestinations } from "@/db/schema";
import { findPartnerMerchantOrThrow } from "./find-partner-merchant";
import { settlementNotFound } from "./replace-settlement-destination";

/**
 * DELETE /v1/merchants/{id}/settlements/crypto/{settlementId}: remove a destination set through
 * this API. The asset then settles to the merchant's receiving address for its namespace if it has
 * one (the listing shows that, inherited, under the same id), else the asset is no longer offered.
 * An inherited destination is the receiving address itself: it is changed in the dashboard's
 * settings (or replaced here with PUT), not deleted here, so that is a 404.
 */
export async function removeSettlementDestination(
  db: Db,
  { partnerId, merchantId, id }: { partnerId: string; merchantId: string; id: string },
) {
  await findPartnerMerchantOrThrow(db, { partnerId, merchantId });
  const [row] = await db
    .delete(merchantSettlementDestinations)
    .where(and(eq(merchantSettlementDestinations.merchantId, merchantId), eq(merchantSettlementDestinations.id, id)))
    .returning({ id: merchantSettlementDestinations.id });
  if (!row) throw settlementNotFound(id);
  return { id: row.id, deleted: true };
}
