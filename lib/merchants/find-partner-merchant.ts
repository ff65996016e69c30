import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

/**
 * A merchant the partner created and has not deleted, else 404 `not_found`. Another partner's
 * merchant, one made by the CLI or sign-up, and a deleted one all answer the same, so a partner
 * learns nothing about merchants that are not its own. `forUpdate` locks the row, so writes to one
 * merchant's settlements happen one at a time.
 */
export async function findPartnerMerchantOrThrow(
  db: DbOrTx,
  { partnerId, merchantId, forUpdate = false }: { partnerId: string; merchantId: string; forUpdate?: boolean },
) {
  const query = db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), eq(merchants.partnerId, partnerId), isNull(merchants.deletedAt)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw merchantNotFound(merchantId);
  return row;
}

export function merchantNotFound(merchantId: string): ApiError {
  return new ApiError("not_found", `No merchant ${merchantId.slice(0, 64)}`);
}
