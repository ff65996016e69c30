export type Walk = {
  query: string;
  pages: number;
  /** Rows before the page the final cursor opens: how deep the measured page is. */
  depth: number;
  cursor: string;
  seconds: number;
  capped: boolean;
  /** Median time of a limit=200 page at the start and at the end of the walk, sequential fetches. */
  firstPagesP50Ms: number;
  lastPagesP50Ms: number;
};

const PAGE = 200;

/**
 * Follow next_cursor from page 1 with limit=200, one request at a time, like a client exporting the
 * list, for `maxPages` pages or `maxSeconds`, whichever comes first. Every page must be full.
 */
export async function walkDeep({
  listUrl,
  headers,
  query,
  maxPages,
  maxSeconds,
}: {
  listUrl: string;
  headers: Record<string, string>;
  query: string;
  maxPages: number;
  maxSeconds: number;
}): Promise<Walk> {
  const started = performance.now();
  const times: number[] = [];
  let cursor: string | null = null;
  let capped = false;
  while (times.length < maxPages) {
    if (performance.now() - started > maxSeconds * 1000) {
      capped = true;
      break;
    }
    const url = `${listUrl}?limit=${PAGE}${query ? `&${query}` : ""}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { data?: unknown[]; next_cursor?: string | null };
    times.push(performance.now() - t0);
    if (res.status !== 200 || body.data?.length !== PAGE || !body.next_cursor) {
      throw new Error(
        `walk (${query || "default sort"}) page ${times.length}: ${res.status}, ${body.data?.length} rows, next_cursor ${body.next_cursor ? "set" : "missing"}`,
      );
    }
    cursor = body.next_cursor;
    if (times.length % 500 === 0)
      console.log(
        `  walk ${query || "sort_by=date"}: ${times.length} pages, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
  }
  return {
    query,
    pages: times.length,
    depth: times.length * PAGE,
    cursor: cursor!,
    seconds: Math.round(performance.now() - started) / 1000,
    capped,
    firstPagesP50Ms: median(times.slice(0, 50)),
    lastPagesP50Ms: median(times.slice(-50)),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? NaN) * 100) / 100;
}
