/**
 * The one error type of the service. Every failure a client can see is an ApiError with a code
 * from this closed table; the table fixes the HTTP status, so a code can never drift between routes.
 * Codes answered with 400/401/404/500 are the ones the WalletConnect Pay SDK can parse.
 */
export const ERROR_STATUS = {
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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldIssue = { field: string; message: string };

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    /** When a retry can succeed (rate limits): sent as `Retry-After` by the route wrapper. */
    readonly retryAfterSeconds?: number,
    /**
     * Where the contract answers a code with another status than the table's on one route (cancel
     * answers `invalid_state` with 400 where confirm answers 409; the replacement listing answers
     * `missing_merchant_id` with 401). Rare on purpose.
     */
    status?: 400 | 401,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status ?? ERROR_STATUS[code];
  }

  toBody(): { code: ErrorCode; message: string; issues?: FieldIssue[] } {
    return this.issues ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message };
  }
}
