import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchantSettlementDestinations } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { findPartnerMerchantOrThrow } from "./find-partner-merchant";
import { listSettlementDestinations, toCryptoSettlement } from "./list-settlement-destinations";
import { parseSettlementsOrThrow } from "./parse-settlement";

/**
 * PUT /v1/merchants/{id}/settlements/crypto/{settlementId}: the asset of that destination now
 * settles to `destination` (an account on the asset's chain). Works on an inherited destination
 * too: the asset then gets one of its own, and the receiving address keeps serving the others.
 */
export async function replaceSettlementDestination(
  db: Db,
  {
    partnerId,
    merchantId,
    id,
    destination,
  }: { partnerId: string; merchantId: string; id: string; destination: string },
) {
  return db.transaction(async (tx) => {
    const merchant = await findPartnerMerchantOrThrow(tx, { partnerId, merchantId, forUpdate: true });
    const current = (await listSettlementDestinations(tx, merchant)).find((d) => d.id === id);
    if (!current) throw settlementNotFound(id);
    const [parsed] = parseSettlementsOrThrow([{ asset: current.asset, destination, field: "" }]);
    const [row] = await tx
      .insert(merchantSettlementDestinations)
      .values({ id, merchantId, asset: current.asset, destination: parsed!.destination })
      .onConflictDoUpdate({
        target: [merchantSettlementDestinations.merchantId, merchantSettlementDestinations.asset],
        set: { destination: parsed!.destination, updatedAt: sql`now()` },
      })
      .returning();
    return toCryptoSettlement(row!);
  });
}

export function settlementNotFound(id: string): ApiError {
  return new ApiError("not_found", `No crypto settlement ${id.slice(0, 64)} for this merchant`);
}
