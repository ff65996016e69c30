import { readJson } from "./read-json";

/**
 * A JSON body that may be left out entirely (POST with no body, as `curl -X POST` sends): `{}` then,
 * so the handler's schema applies its defaults. A body that is there is read as readJson reads it.
 */
export async function readOptionalJson(req: Request): Promise<unknown> {
  const length = req.headers.get("content-length");
  const chunked = req.headers.get("transfer-encoding");
  if ((length === null || length === "0") && !chunked) return {};
  return readJson(req);
}
