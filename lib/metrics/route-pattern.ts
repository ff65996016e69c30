type Params = Record<string, string | string[] | undefined>;

/**
 * The route a request was served by, as its file pattern (`/v1/gateway/payment/[id]/confirm`), from the
 * path and the params Next.js matched: each segment that holds a param's value is named by the param, a
 * catch-all's tail by `[...name]`. Labels then stay bounded by the routes there are, never one per id.
 */
export function routePattern(path: string, params: Params | undefined): string {
  const segments = path.split("/");
  const entries = Object.entries(params ?? {});
  for (const [name, value] of entries) {
    if (!Array.isArray(value)) continue;
    const start = segments.length - value.length;
    if (value.length > 0 && start > 0) segments.splice(start, value.length, `[...${name}]`);
  }
  return segments
    .map((segment) => {
      const decoded = decodedOf(segment);
      const param = entries.find(([, value]) => typeof value === "string" && value === decoded);
      return param ? `[${param[0]}]` : segment;
    })
    .join("/");
}

function decodedOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
