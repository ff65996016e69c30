import type { ErrorCode } from "@/lib/errors/api-error";
import type { ApiOperation } from "./api-operation";
import { MERCHANT_AUTH_ERRORS } from "./shared-parts";

export const TRANSFER_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A transfer id (trf_…) of this merchant",
  schema: { type: "string", pattern: "^trf_[0-9A-Za-z]{22}$" },
};

/** What a decision on one transfer may answer. */
export const ONE_TRANSFER_ERRORS: ErrorCode[] = [
  "params_validation",
  "not_found",
  "invalid_state",
  ...MERCHANT_AUTH_ERRORS,
];

/**
 * The ledger's transfers to the merchant's addresses, read and decided on by the merchant's key. A decision
 * (attach, dismiss) needs both scopes: attaching credits a payment with money the key must be able to see.
 */
export const transferOperation = (o: Omit<ApiOperation, "auth" | "tags">): ApiOperation => ({
  auth: "merchant",
  tags: ["Transfers"],
  scopes: o.method === "get" ? ["payments:read"] : ["payments:read", "payments:write"],
  ...o,
});
