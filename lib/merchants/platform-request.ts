import { ApiError } from "@/lib/errors/api-error";
import { readJson } from "@/lib/http/read-json";

/**
 * The Idempotency-Key the Platform API's creates require: absent (or empty) is 400
 * `missing_idempotency_key`; longer than the contract's 255 characters is `params_validation`.
 */
export function requiredIdempotencyKey(headers: Headers): string {
  const key = headers.get("idempotency-key")?.trim();
  if (!key) throw new ApiError("missing_idempotency_key", "Idempotency-Key header is required on this request");
  if (key.length > 255) {
    const message = "must be at most 255 characters";
    throw new ApiError("params_validation", `Idempotency-Key ${message}`, {
      issues: [{ field: "Idempotency-Key", message }],
    });
  }
  return key;
}

/**
 * The JSON body. Malformed or empty JSON is `params_validation` here: the contract lists no
 * `invalid_params` for merchant create and update, and a body that does not parse is a body that
 * breaks the rules.
 */
export async function readPlatformBody(req: Request): Promise<unknown> {
  try {
    return await readJson(req);
  } catch (err) {
    if (err instanceof ApiError && err.code === "invalid_params")
      throw new ApiError("params_validation", err.message, { issues: [{ field: "(body)", message: err.message }] });
    throw err;
  }
}
