import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { CreateMerchantBody } from "./platform-schemas";
import { runIdempotent } from "./run-idempotent";

/**
 * Create a merchant owned by the partner (POST /v1/merchants): 201 `{merchant}`, idempotent per
 * Idempotency-Key. It starts with no receiving address and no API key: the partner sets crypto
 * settlement destinations next, and keys come from the operator CLI or the merchant's dashboard.
 */
export async function createPlatformMerchant(
  db: Db,
  { partnerId, body, idempotencyKey }: { partnerId: string; body: CreateMerchantBody; idempotencyKey: string },
) {
  return runIdempotent(db, { partnerId, scope: "merchants.create", key: idempotencyKey, request: body }, async (tx) => {
    const [row] = await tx
      .insert(merchants)
      .values({
        id: newId("mer"),
        name: body.merchantName,
        email: body.merchantEmail,
        iconUrl: body.iconUrl,
        currency: "USD",
        partnerId,
      })
      .returning();
    const merchant = row!;
    return {
      status: 201,
      body: {
        merchant: {
          id: merchant.id,
          name: merchant.name,
          email: merchant.email,
          status: "active",
          createdAt: merchant.createdAt.toISOString(),
        },
      },
    };
  });
}
