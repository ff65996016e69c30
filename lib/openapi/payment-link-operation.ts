import type { ErrorCode } from "@/lib/errors/api-error";
import type { ApiOperation } from "./api-operation";

export const LINK_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A payment link id (plink_…)",
  schema: { type: "string", pattern: "^plink_[0-9A-Za-z]{22}$" },
};
export const LINK_BODY_ERRORS: ErrorCode[] = [
  "params_validation",
  "invalid_params",
  "unsupported_media_type",
  "payload_too_large",
];

/** The merchant's management of its payment links: its key with the links:manage scope. */
export const paymentLinkOperation = (o: Omit<ApiOperation, "auth" | "tags">): ApiOperation => ({
  auth: "merchant",
  scopes: ["links:manage"],
  tags: ["Payment links"],
  ...o,
});
