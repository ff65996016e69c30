import type postgres from "postgres";
import { uniqueClientIp } from "../../tests/support/client-ip";

/** How often the bench looks for new chain_transfers rows (straight from the database, not through the app's proxy). */
const ROW_POLL_MS = 20;

export type RecordedRow = { at: number; match: string; paymentId: string | null; rows: number };

/**
 * When each transaction of `hashes` first has a chain_transfers row, read every 20 ms: the moment
 * the scan's transaction committed, up to one poll late. `stop()` ends the polling and returns what
 * was seen, with the rows' binding as recorded.
 */
export function watchRows(sql: postgres.Sql, hashes: () => string[]) {
  const seen = new Map<string, RecordedRow>();
  let stopped = false;
  const loop = (async () => {
    // A bench failing elsewhere closes the client under the loop: that ends it, never the process.
    while (!stopped) {
      const outstanding = hashes().filter((h) => !seen.has(h.toLowerCase()));
      if (outstanding.length > 0) {
        const rows = await sql<{ tx_hash: string; match: string; payment_id: string | null; n: number }[]>`
          select lower(tx_hash) as tx_hash, min(match) as match, min(payment_id) as payment_id, count(*)::int as n
          from chain_transfers where lower(tx_hash) = any(${outstanding.map((h) => h.toLowerCase())}) group by 1`;
        const at = performance.now();
        for (const r of rows) seen.set(r.tx_hash, { at, match: r.match, paymentId: r.payment_id, rows: r.n });
      }
      await new Promise((r) => setTimeout(r, ROW_POLL_MS));
    }
  })().catch(() => undefined);
  return {
    seen,
    stop: async () => {
      stopped = true;
      await loop;
      return seen;
    },
  };
}

/**
 * When each payment of `paymentIds` first reads `succeeded` at the app's gateway status route, held
 * open as a wallet holds it (`?maxPollMs`: the app answers as soon as the payment changes), asked
 * again after any answer that is not final, until `deadline` (performance.now()).
 */
export async function waitSucceeded(
  appUrl: string,
  paymentIds: string[],
  deadline: number,
): Promise<Map<string, { at?: number; status: string }>> {
  const out = new Map<string, { at?: number; status: string }>();
  await Promise.all(
    paymentIds.map(async (id) => {
      const ip = uniqueClientIp();
      let status = "unknown";
      while (performance.now() < deadline) {
        // An app that stopped (the bench failing elsewhere) ends the wait; it never ends the bench.
        const hold = Math.max(0, Math.min(30_000, Math.round(deadline - performance.now())));
        const res = await fetch(`${appUrl}/v1/gateway/payment/${id}/status?maxPollMs=${hold}`, {
          headers: { "x-forwarded-for": ip },
        }).catch(
          (err: unknown) => new Response(JSON.stringify({ status: `no answer: ${String(err)}` }), { status: 599 }),
        );
        const body = (await res.json()) as { status?: string; isFinal?: boolean };
        status = body.status ?? `HTTP ${res.status}`;
        if (status === "succeeded") return void out.set(id, { at: performance.now(), status });
        if (body.isFinal || !res.ok) break;
      }
      out.set(id, { status });
    }),
  );
  return out;
}
