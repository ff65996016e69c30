import { ApiError } from "@/lib/errors/api-error";

/**
 * The one rule for U+0000 in what clients send: refused, 400 `invalid_params` naming where. No
 * text column of PostgreSQL can hold it (the query fails with a 500 otherwise), no field of ours
 * means anything with it, and refusing it here, where every body, query and path is read, spares
 * each schema from remembering. `value` is walked without recursion: a 64 KiB body can nest deep.
 */
export function assertNoNul(value: unknown, what: string): void {
  const pending: { value: unknown; path: string }[] = [{ value, path: "" }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === "string") {
      if (item.value.includes("\0")) throw nulRefused(what, item.path);
    } else if (item.value && typeof item.value === "object") {
      for (const [key, child] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        if (key.includes("\0")) throw nulRefused(what, path);
        pending.push({ value: child, path });
      }
    }
  }
}

function nulRefused(what: string, path: string): ApiError {
  const field = path.replaceAll("\0", "\\0").slice(0, 200) || "(body)";
  const message = "must not contain the NUL character (U+0000)";
  return new ApiError("invalid_params", `${what} is invalid (${field}: ${message})`, { issues: [{ field, message }] });
}
