import { ApiError } from "@/lib/errors/api-error";

/**
 * What an API key may do. A route names the scopes it needs; a key without one is refused with 403
 * `insufficient_scope`, the missing scope named. `payments:create`, `payments:status` (one payment's
 * status by id) and `pos:sales` (the sales a point-of-sale key made itself) exist for point-of-sale
 * keys, which must not cancel, list or read the merchant's other payments; `payments:write` includes
 * `payments:create`, and `payments:read` includes `payments:status`.
 */
export const API_KEY_SCOPES = [
  "payments:write",
  "payments:read",
  "refunds:write",
  "webhooks:manage",
  "links:manage",
  "payments:create",
  "payments:status",
  "pos:sales",
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes a merchant chooses from for a standard key, and what a key gets when none are named. */
export const STANDARD_SCOPES: readonly ApiKeyScope[] = [
  "payments:write",
  "payments:read",
  "refunds:write",
  "webhooks:manage",
  "links:manage",
];

/** A point-of-sale device: create payments, read their status, and read its own sales of the day. */
export const POS_SCOPES: readonly ApiKeyScope[] = ["payments:create", "payments:status", "pos:sales"];

/** Scopes a held scope grants besides itself. */
const IMPLIED: Partial<Record<ApiKeyScope, readonly ApiKeyScope[]>> = {
  "payments:write": ["payments:create"],
  "payments:read": ["payments:status"],
};

/** The first of `required` that `held` does not grant, or undefined when every one is granted. */
export function missingScope(held: readonly string[], required: readonly ApiKeyScope[]): ApiKeyScope | undefined {
  return required.find((scope) => !held.some((h) => h === scope || IMPLIED[h as ApiKeyScope]?.includes(scope)));
}

/** Throws 403 `insufficient_scope` naming the first scope of `required` the key lacks. */
export function assertScopes(key: { scopes: readonly string[] }, ...required: ApiKeyScope[]): void {
  const missing = missingScope(key.scopes, required);
  if (missing) {
    throw new ApiError("insufficient_scope", `This API key lacks the scope ${missing}`);
  }
}
