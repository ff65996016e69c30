import { ApiError } from "@/lib/errors/api-error";

/** The versions this service answers, newest first; the first is served when a request names none. */
export const API_VERSIONS = ["2026-02-19.preview", "2026-02-18"] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const LATEST_API_VERSION: ApiVersion = API_VERSIONS[0];

/** The request headers that may name a version: the WalletConnect Pay SDK sends both, its CLI only the first. */
export const VERSION_HEADERS = ["WCP-Version", "Api-Version"] as const;

// version = YYYY-MM-DD [".preview"], case-sensitive, nothing around it (HTTP already trims spaces).
const GRAMMAR = /^(\d{4})-(\d{2})-(\d{2})(\.preview)?$/;

/** True when `value` follows the version grammar: a real calendar date, optionally followed by `.preview`. */
export function isWellFormedApiVersion(value: string): boolean {
  const match = GRAMMAR.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 2026-02-30 over into March: a real date survives the round trip.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const quoted = (value: string) => JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value);

/**
 * The version a request is served under. Neither header: the latest. A value off the grammar, or
 * the two headers naming different versions, is 400 `invalid_api_version` (a client that cannot say
 * which version it speaks is not guessed for); a well-formed version this service does not know is
 * 400 `unknown_api_version`.
 */
export function apiVersionOf(headers: Headers): ApiVersion {
  const named: { header: string; value: string }[] = [];
  for (const header of VERSION_HEADERS) {
    const value = headers.get(header);
    if (value === null) continue;
    if (!isWellFormedApiVersion(value)) {
      throw new ApiError(
        "invalid_api_version",
        `${header} must be a date YYYY-MM-DD, optionally followed by .preview (e.g. ${LATEST_API_VERSION}); got ${quoted(value)}`,
      );
    }
    named.push({ header, value });
  }
  const [first, second] = named;
  if (!first) return LATEST_API_VERSION;
  if (second && second.value !== first.value) {
    throw new ApiError(
      "invalid_api_version",
      `${first.header} (${first.value}) and ${second.header} (${second.value}) name different versions; send one, or the same in both`,
    );
  }
  const known = API_VERSIONS.find((v) => v === first.value);
  if (!known)
    throw new ApiError(
      "unknown_api_version",
      `Unknown API version ${quoted(first.value)}; this service serves ${API_VERSIONS.join(", ")}`,
    );
  return known;
}

/** Versioned paths: the public API under /v1. The dashboard's API, health checks and the OpenAPI document are not. */
export function isVersionedPath(pathname: string): boolean {
  return pathname === "/v1" || pathname.startsWith("/v1/");
}
