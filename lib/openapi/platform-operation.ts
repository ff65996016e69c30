import type { ErrorCode } from "@/lib/errors/api-error";
import type { ApiOperation } from "./api-operation";

// Parameters as the contract (API 2026-02-19.preview) states them. merchantId takes our `mer_…` ids.
export const MERCHANT_ID = {
  name: "merchantId",
  in: "path",
  required: true,
  description: "A merchant id (mer_…) this partner created",
  schema: { type: "string" },
};
export const SETTLEMENT_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A crypto settlement id (stl_…) from the merchant's settlements",
  schema: { type: "string", minLength: 1, maxLength: 256 },
};
export const REQUIRED_IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description:
    "Required. Same key and request return the first answer (Idempotent-Replayed: true); same key with another request is 409 idempotency_conflict",
  schema: { type: "string", maxLength: 255 },
};

/** What a partner-authenticated route may answer before its handler runs (no Merchant-Id: it is in the path). */
export const PLATFORM_AUTH_ERRORS: ErrorCode[] = [
  "missing_api_key",
  "invalid_api_key",
  "header_not_ascii",
  "internal_error",
];
export const PLATFORM_BODY_ERRORS: ErrorCode[] = ["params_validation", "unsupported_media_type", "payload_too_large"];

/** The Platform API: a partner's key manages the merchants it created and their settlement destinations. */
export const platformOperation = (o: Omit<ApiOperation, "auth" | "tags"> & { tags?: string[] }): ApiOperation => ({
  auth: "platform",
  tags: ["Merchant Management"],
  ...o,
});
