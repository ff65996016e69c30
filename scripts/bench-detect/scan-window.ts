import type postgres from "postgres";
import type { RpcProxy } from "@payment-service/devnet/rpc-proxy";
import type { PgWireProxy, StatementFigures } from "./pg-wire-proxy";

/** What the app did between two moves of a network's scan cursor. */
export type WindowFigures = {
  /** Scans that moved the cursor (each read one range). */
  scans: number;
  /** Blocks those scans covered. */
  blocks: number;
  ms: number;
  /** Each move: ms since the window opened, and the cursor's next block. */
  moves: { ms: number; nextBlock: number }[];
  /** RPC calls per proxy (network), by method. */
  rpc: Record<string, Record<string, number>>;
  statements: Map<string, StatementFigures>;
};

const CURSOR_POLL_MS = 20;
/** A scan runs every LEDGER_SCAN_INTERVAL_MS (2 s by default): a cursor still for this long means the scan stopped. */
const STALL_MS = 30_000;

/**
 * A measurement window whose edges are moves of `chainId`'s scan cursor (ledger_cursors.next_block,
 * read every 20 ms straight from the database), so it holds whole scans: a scan makes all its RPC
 * calls before it moves the cursor, and its few statements after the move (release, reconcile) are
 * balanced by those of the scan that opens the window. Opening waits for a move, then zeroes the
 * counters of the RPC proxies and of the database proxy, and follows the cursor from then on;
 * `close(until)` ends the window at the first move after the call at which `until()` holds, and
 * returns what was counted in between.
 */
export async function openScanWindow(
  sql: postgres.Sql,
  chainId: string,
  counters: { rpc: Record<string, RpcProxy>; pg: PgWireProxy },
) {
  const read = async () =>
    BigInt(
      (await sql<{ next_block: string }[]>`select next_block from ledger_cursors where chain_id = ${chainId}`)[0]
        ?.next_block ?? -1,
    );
  const nextMove = async (from: bigint): Promise<bigint> => {
    const deadline = performance.now() + STALL_MS;
    for (;;) {
      const now = await read();
      if (now !== from) return now;
      if (performance.now() > deadline) throw new Error(`the scan of ${chainId} did not move for ${STALL_MS} ms`);
      await new Promise((r) => setTimeout(r, CURSOR_POLL_MS));
    }
  };
  const start = await nextMove(await read());
  const startedAt = performance.now();
  for (const proxy of Object.values(counters.rpc)) proxy.resetCounts();
  counters.pg.reset();
  const moves: WindowFigures["moves"] = [];
  let until: (() => boolean) | undefined;
  const followed = (async (): Promise<WindowFigures> => {
    for (let at = start; ;) {
      at = await nextMove(at);
      moves.push({ ms: Math.round(performance.now() - startedAt), nextBlock: Number(at) });
      if (!until?.()) continue;
      return {
        scans: moves.length,
        moves,
        blocks: Number(at - start),
        ms: performance.now() - startedAt,
        rpc: Object.fromEntries(Object.entries(counters.rpc).map(([name, p]) => [name, Object.fromEntries(p.counts)])),
        statements: new Map([...counters.pg.statements].map(([text, f]) => [text, { ...f }])),
      };
    }
  })();
  // A stalled scan fails the window when it is closed, not as an unhandled rejection before.
  followed.catch(() => undefined);
  return {
    close: (done: () => boolean): Promise<WindowFigures> => {
      until = done;
      return followed;
    },
  };
}
