import { ApiError } from "@/lib/errors/api-error";

/**
 * The contract's create payment and refund routes document a few statuses, each with a closed
 * list of codes, where our table has more (404 merchant_not_found, 413, 415). On those routes an
 * unknown merchant is an invalid key (no client can tell them apart, and it reveals nothing), and a
 * body too large or not JSON is a bad body: `invalid_params` on create, `params_validation` on
 * refunds (which has no invalid_params). Refunds also answer a missing Merchant-Id with 401, and
 * create a reused Idempotency-Key with 400 (it documents no 409).
 */
export function inContractTerms(err: unknown, route: "create" | "refund"): unknown {
  if (!(err instanceof ApiError)) return err;
  const badBody = route === "create" ? "invalid_params" : "params_validation";
  switch (err.code) {
    case "merchant_not_found":
      return new ApiError("invalid_api_key", "Invalid API key for this merchant");
    case "payload_too_large":
    case "unsupported_media_type":
    case "invalid_params":
      return err.code === badBody ? err : new ApiError(badBody, err.message, { issues: err.issues });
    case "missing_merchant_id":
      return route === "refund"
        ? new ApiError("missing_merchant_id", err.message, { answerAs: "unauthenticated" })
        : err;
    case "idempotency_conflict":
      return new ApiError("idempotency_conflict", err.message, { answerAs: "invalid_request" });
    default:
      return err;
  }
}
