import { ApiError } from "@/lib/errors/api-error";

/** The optional Idempotency-Key header, 1 to 255 characters. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  const key = headers.get("idempotency-key");
  if (key === null) return undefined;
  if (key.length < 1 || key.length > 255) {
    throw new ApiError("invalid_params", "Idempotency-Key must be 1 to 255 characters");
  }
  return key;
}
