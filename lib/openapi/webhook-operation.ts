import type { ErrorCode } from "@/lib/errors/api-error";
import type { ApiOperation } from "./api-operation";
import { MERCHANT_AUTH_ERRORS } from "./shared-parts";

export const ENDPOINT_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A webhook endpoint id (whe_…)",
  schema: { type: "string", pattern: "^whe_[0-9A-Za-z]{22}$" },
};
export const WEBHOOK_BODY_ERRORS: ErrorCode[] = [
  "params_validation",
  "invalid_params",
  "unsupported_media_type",
  "payload_too_large",
];
/** What a route on one endpoint may answer. */
export const ONE_ENDPOINT_ERRORS: ErrorCode[] = ["params_validation", "not_found", ...MERCHANT_AUTH_ERRORS];

/** Managing webhook endpoints: the merchant's key with the webhooks:manage scope. */
export const webhookOperation = (o: Omit<ApiOperation, "auth" | "tags">): ApiOperation => ({
  auth: "merchant",
  scopes: ["webhooks:manage"],
  tags: ["Webhooks"],
  ...o,
});
