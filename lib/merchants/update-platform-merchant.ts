import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { findPartnerMerchantOrThrow, merchantNotFound } from "./find-partner-merchant";
import type { UpdateMerchantBody } from "./platform-schemas";
import { toPlatformMerchant } from "./platform-merchant-view";

/** PATCH /v1/merchants/{id}: change the fields given (name, email, icon); the others stay. */
export async function updatePlatformMerchant(
  db: Db,
  { partnerId, merchantId, body }: { partnerId: string; merchantId: string; body: UpdateMerchantBody },
) {
  const changes = {
    ...(body.merchantName !== undefined ? { name: body.merchantName } : {}),
    ...(body.merchantEmail !== undefined ? { email: body.merchantEmail } : {}),
    ...(body.iconUrl !== undefined ? { iconUrl: body.iconUrl } : {}),
  };
  if (Object.keys(changes).length === 0)
    return { merchant: toPlatformMerchant(await findPartnerMerchantOrThrow(db, { partnerId, merchantId })) };
  const [row] = await db
    .update(merchants)
    .set(changes)
    .where(and(eq(merchants.id, merchantId), eq(merchants.partnerId, partnerId), isNull(merchants.deletedAt)))
    .returning();
  if (!row) throw merchantNotFound(merchantId);
  return { merchant: toPlatformMerchant(row) };
}
