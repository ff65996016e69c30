import { ApiError } from "@/lib/errors/api-error";
import { assertNoNul } from "./assert-no-nul";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Read a JSON request body defensively: the content type must be JSON, the body is capped while it
 * streams (a lying Content-Length cannot make us buffer more), and malformed JSON is a 400, as is
 * a NUL character (`\u0000`) in any string or key of it.
 */
export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();

  const text = await readCapped(req);
  if (text.trim() === "") throw new ApiError("invalid_params", "Request body is empty; send a JSON object");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_params", "Request body is not valid JSON");
  }
  assertNoNul(body, "Request body");
  return body;
}

async function readCapped(req: Request): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError("invalid_params", "Request body is not valid UTF-8");
  }
}

function tooLarge(): ApiError {
  return new ApiError("payload_too_large", `Request body exceeds ${MAX_BODY_BYTES} bytes`);
}
