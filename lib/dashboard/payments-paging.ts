/**
 * The payments list's page links. Keyset pages only go forward, so the cursors of the pages before
 * travel in `trail` ("-" = the first page, at most 50 kept): Next adds the current cursor to it,
 * Previous takes the last one off.
 */
export function paymentsPaging(params: URLSearchParams, nextCursor: string | null) {
  const withoutCursor = new URLSearchParams(params);
  withoutCursor.delete("cursor");
  withoutCursor.delete("trail");
  const trail = (params.get("trail") ?? "").split(",").filter(Boolean).slice(-50);
  const onFirstPage = !params.get("cursor");

  const next = new URLSearchParams(withoutCursor);
  if (nextCursor) {
    next.set("cursor", nextCursor);
    next.set("trail", [...trail, params.get("cursor") ?? "-"].join(","));
  }
  const previous = new URLSearchParams(withoutCursor);
  const back = trail.at(-1);
  if (back && back !== "-") previous.set("cursor", back);
  if (trail.length > 1) previous.set("trail", trail.slice(0, -1).join(","));

  return {
    /** The same filters from the first page (also what the CSV export takes). */
    first: withoutCursor,
    previous: !onFirstPage && back ? previous : null,
    next: nextCursor ? next : null,
    onFirstPage,
  };
}
