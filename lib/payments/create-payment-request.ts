import type { Db } from "@/db/client";
import { authenticateMerchant } from "@/lib/auth/authenticate-merchant";
import { assertScopes } from "@/lib/auth/scopes";
import { inContractTerms } from "@/lib/http/contract-errors";
import { ApiError } from "@/lib/errors/api-error";
import { readJson } from "@/lib/http/read-json";
import { parseOrThrow } from "@/lib/errors/validate";
import { createPayment } from "./create-payment";
import { createPaymentBody } from "./schemas";

/**
 * Create payment as both routes take it (the seed's POST /v1/merchant/payment and the contract's
 * POST /v1/payments, which differ only in the status vocabulary of their answer): the merchant's
 * key, the body, the optional Idempotency-Key.
 */
export async function createPaymentFromRequest(db: Db, req: Request, vocabulary: "spec" | "contract") {
  try {
    const merchant = await authenticateMerchant(db, req.headers);
    assertScopes(merchant, "payments:create");
    const body = parseOrThrow(createPaymentBody, await readJson(req));
    return await createPayment(db, merchant, body, idempotencyKeyOf(req.headers), { createdByKeyId: merchant.keyId });
  } catch (err) {
    throw vocabulary === "contract" ? inContractTerms(err, "create") : err;
  }
}

/** The optional Idempotency-Key header, 1 to 255 characters. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  const key = headers.get("idempotency-key");
  if (key === null) return undefined;
  if (key.length < 1 || key.length > 255) {
    throw new ApiError("invalid_params", "Idempotency-Key must be 1 to 255 characters");
  }
  return key;
}
