/**
 * The one error type of the service, thrown by every domain. Every failure a client can see is an
 * ApiError with a code from this closed table; lib/http maps each code to one HTTP status
 * (error-status.ts), so a code can never drift between routes, and nothing here knows of HTTP.
 */
export const ERROR_CODES = [
  "invalid_params",
  "params_validation",
  "payment_not_succeeded",
  "header_not_ascii",
  "webhook_url_not_allowed",
  "invalid_api_version",
  "unknown_api_version",
  "missing_merchant_id",
  "missing_idempotency_key",
  "missing_api_key",
  "invalid_api_key",
  "not_signed_in",
  "invalid_credentials",
  "csrf_failed",
  "insufficient_scope",
  "insufficient_permission",
  "two_factor_required",
  "sign_up_closed",
  "merchant_not_found",
  "payment_not_found",
  "not_found",
  "api_key_not_found",
  "method_not_allowed",
  "idempotency_conflict",
  "email_taken",
  "invalid_state",
  "quote_expired",
  "too_many_options",
  "fees_budget_exhausted",
  "settlement_asset_conflict",
  "already_refunded",
  "payment_expired",
  "payload_too_large",
  "verification_failed",
  "unsupported_media_type",
  "rate_limited",
  "internal_error",
  "bad_gateway",
  "server_busy",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldIssue = { field: string; message: string };

/**
 * Where the contract answers a code otherwise than the table on one route (cancel answers
 * `invalid_state` as an invalid request where confirm answers it as a conflict; the replacement
 * listing answers `missing_merchant_id` as unauthenticated). Rare on purpose.
 */
export type AnswerAs = "invalid_request" | "unauthenticated";

export type ApiErrorOptions = {
  /** The fields at fault, for validation answers. */
  issues?: FieldIssue[];
  /** When a retry can succeed (rate limits, a busy server): the route wrapper tells the client when. */
  retryAfterSeconds?: number;
  answerAs?: AnswerAs;
  cause?: unknown;
};

export class ApiError extends Error {
  readonly issues?: FieldIssue[];
  readonly retryAfterSeconds?: number;
  readonly answerAs?: AnswerAs;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiError";
    this.issues = options.issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.answerAs = options.answerAs;
  }

  toBody(): { code: ErrorCode; message: string; issues?: FieldIssue[] } {
    return this.issues
      ? { code: this.code, message: this.message, issues: this.issues }
      : { code: this.code, message: this.message };
  }
}
