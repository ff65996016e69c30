import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainTransfers, paymentSubmissions } from "@/db/schema";
import type { ListedTransfer } from "@/lib/chains/chain-adapter";

/**
 * How long a relay the settlement watcher follows holds the scan back: the watcher looks at a young
 * submission every fraction of a second and records its transfer as it closes it. Past this, the scan
 * reads the transaction itself (a relay mined long after it was sent is looked at less often).
 */
const HOLD_YOUNG_RELAYS_FOR = "30 seconds";

const keyOf = (l: { txHash: string; recipient: string; asset: string }) =>
  `${l.txHash.toLowerCase()} ${l.recipient.toLowerCase()} ${l.asset}`;

/**
 * Of the transfers a block scan listed (EVM), those whose transactions the ledger must read: not those
 * it has recorded already (the watcher records the transfer it settles a payment with), and none from
 * the first block holding a young relay the watcher still follows: that block and
 * the ones after are left to the next pass (`holdFrom`), by when the watcher has usually recorded it.
 * Nothing is skipped for good: a held block is scanned again, and a key is left out only when as many
 * transfers of it are recorded as were listed.
 */
export async function leftToRead(
  db: Db,
  { chainId, listed }: { chainId: string; listed: ListedTransfer[] },
): Promise<{ read: ListedTransfer[]; holdFrom?: bigint }> {
  if (listed.length === 0) return { read: [] };
  const hashes = [...new Set(listed.map((l) => l.txHash))];
  // The watcher closes a submission and records its transfer in one transaction: asked in this order,
  // a relay is either still open here or recorded below. Asked the other way round, a close committed
  // between the two reads would show it neither recorded nor open, and the scan would read it itself.
  const young = await db
    .select({ txHash: paymentSubmissions.txHash, replaced: paymentSubmissions.replacedHashes })
    .from(paymentSubmissions)
    .where(
      and(
        eq(paymentSubmissions.chainId, chainId),
        eq(paymentSubmissions.state, "open"),
        ne(paymentSubmissions.kind, "wallet_sent"),
        sql`${paymentSubmissions.createdAt} > now() - ${HOLD_YOUNG_RELAYS_FOR}::interval`,
        or(
          inArray(paymentSubmissions.txHash, hashes),
          sql`${paymentSubmissions.replacedHashes} && array[${sql.join(
            hashes.map((h) => sql`${h}`),
            sql`, `,
          )}]::text[]`,
        ),
      ),
    );
  const recorded = await db
    .select({ txHash: chainTransfers.txHash, recipient: chainTransfers.recipient, asset: chainTransfers.asset })
    .from(chainTransfers)
    .where(and(eq(chainTransfers.chainId, chainId), inArray(chainTransfers.txHash, hashes)));
  const count = (rows: { txHash: string; recipient: string; asset: string }[]) => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
    return counts;
  };
  const have = count(recorded);
  const wanted = count(listed);
  const unread = listed.filter((l) => (have.get(keyOf(l)) ?? 0) < wanted.get(keyOf(l))!);
  if (unread.length === 0) return { read: unread };
  const held = new Set(young.flatMap((r) => [r.txHash, ...r.replaced].map((h) => h.toLowerCase())));
  const heldBlocks = unread.filter((l) => held.has(l.txHash.toLowerCase())).map((l) => l.blockNumber);
  if (heldBlocks.length === 0) return { read: unread };
  const holdFrom = heldBlocks.reduce((a, b) => (b < a ? b : a));
  return { read: unread.filter((l) => l.blockNumber < holdFrom), holdFrom };
}
