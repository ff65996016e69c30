import type { Db } from "@/db/client";
import { merchantSettlementDestinations } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { findPartnerMerchantOrThrow } from "./find-partner-merchant";
import { listSettlementDestinations, toCryptoSettlement } from "./list-settlement-destinations";
import { parseSettlementsOrThrow } from "./parse-settlement";
import type { AddSettlementsBody } from "./platform-schemas";
import { runIdempotent } from "./run-idempotent";
import { settlementId } from "./settlement-id";

/**
 * POST /v1/merchants/{id}/settlements/crypto: set destinations for assets that have none. One
 * destination per asset: an asset that already has one (set here, or inherited from the merchant's
 * receiving address, as the listing shows) is 409 `settlement_asset_conflict` and nothing of the
 * request is written; PUT replaces. 201 with the destinations made. Idempotent per Idempotency-Key.
 */
export async function addSettlementDestinations(
  db: Db,
  {
    partnerId,
    merchantId,
    body,
    idempotencyKey,
  }: { partnerId: string; merchantId: string; body: AddSettlementsBody; idempotencyKey: string },
) {
  await findPartnerMerchantOrThrow(db, { partnerId, merchantId });
  const parsed = parseSettlementsOrThrow(body.settlements.map((s, i) => ({ ...s, field: `settlements.${i}.` })));
  return runIdempotent(
    db,
    { partnerId, scope: "settlements.crypto.create", key: idempotencyKey, request: { merchantId, body } },
    async (tx) => {
      // Locked: two requests for one merchant cannot both find an asset free.
      const merchant = await findPartnerMerchantOrThrow(tx, { partnerId, merchantId, forUpdate: true });
      const taken = new Map((await listSettlementDestinations(tx, merchant)).map((d) => [d.asset, d]));
      const seen = new Set<string>();
      for (const item of parsed) {
        const existing = taken.get(item.asset);
        if (existing)
          throw conflict(
            `${item.asset} already settles to ${existing.destination} (${existing.id}); replace it with PUT`,
          );
        if (seen.has(item.asset))
          throw conflict(`${item.asset} appears twice in this request; an asset has one destination`);
        seen.add(item.asset);
      }
      const made = await tx
        .insert(merchantSettlementDestinations)
        .values(
          parsed.map((p) => ({
            id: settlementId(merchantId, p.asset),
            merchantId,
            asset: p.asset,
            destination: p.destination,
          })),
        )
        .returning();
      return { status: 201, body: { settlements: made.map(toCryptoSettlement) } };
    },
  );
}

function conflict(message: string): ApiError {
  return new ApiError("settlement_asset_conflict", message);
}
