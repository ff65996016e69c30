import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

/** The one answer for an endpoint that is not there, another merchant's, or deleted: nothing tells them apart. */
export function webhookEndpointNotFound(): ApiError {
  return new ApiError("not_found", "No webhook endpoint with this id");
}

/** Which rows a merchant may act on: its own endpoints that are not deleted. */
export function ownLiveEndpoint(merchantId: string, endpointId: string) {
  return and(
    eq(webhookEndpoints.id, endpointId),
    eq(webhookEndpoints.merchantId, merchantId),
    isNull(webhookEndpoints.deletedAt),
  );
}

/** One of the merchant's endpoints (not deleted), or 404 `not_found`. */
export async function findWebhookEndpointOrThrow(db: DbOrTx, merchantId: string, endpointId: string) {
  const [row] = await db.select().from(webhookEndpoints).where(ownLiveEndpoint(merchantId, endpointId));
  if (!row) throw webhookEndpointNotFound();
  return row;
}
