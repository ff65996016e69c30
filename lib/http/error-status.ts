import type { ApiError, ErrorCode } from "@/lib/errors/api-error";

/**
 * The HTTP status of every error code. Codes answered with 400/401/404/500 are the ones the
 * WalletConnect Pay SDK can parse.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_params: 400,
  params_validation: 400,
  payment_not_succeeded: 400,
  header_not_ascii: 400,
  webhook_url_not_allowed: 400,
  invalid_api_version: 400,
  unknown_api_version: 400,
  missing_merchant_id: 400,
  missing_idempotency_key: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  not_signed_in: 401,
  invalid_credentials: 401,
  csrf_failed: 403,
  insufficient_scope: 403,
  insufficient_permission: 403,
  two_factor_required: 403,
  sign_up_closed: 403,
  merchant_not_found: 404,
  payment_not_found: 404,
  not_found: 404,
  api_key_not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  email_taken: 409,
  invalid_state: 409,
  quote_expired: 409,
  too_many_options: 409,
  fees_budget_exhausted: 409,
  settlement_asset_conflict: 409,
  already_refunded: 409,
  payment_expired: 410,
  payload_too_large: 413,
  verification_failed: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  server_busy: 503,
};

/** The status a route answers an error with: the table's, unless the error says how the contract wants it answered. */
export function statusOf(err: ApiError): number {
  if (err.answerAs === "invalid_request") return 400;
  if (err.answerAs === "unauthenticated") return 401;
  return ERROR_STATUS[err.code];
}
