import { PublicKey, type Connection } from "@solana/web3.js";
import type { AccountSignatures, AccountWatch, ObservedTransfer } from "@/lib/chains/chain-adapter";
import { parseAssetId } from "@/lib/chains/caip";
import { accountTransferOf } from "./account-transfer";
import { readTransaction, type LandedTransaction } from "./read-transaction";
import { solanaRpc } from "./solana-connection";
import type { NetworkConfig } from "../network-config";
import { tokenProgramOf } from "./token-program";
import { associatedTokenAccount } from "./associated-account";

/** RPC reads in flight at once in one scan: a public endpoint's rate limit, not the pass's size, is the bound. */
const PARALLEL_READS = 8;
/** The most getSignaturesForAddress answers in one page. */
const PAGE = 1000;
/** Pages read back to the cursor at most (a cursor whose transaction was forked away is never met). */
const MAX_PAGES = 10;

async function inBatches<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL_READS)
    results.push(...(await Promise.all(items.slice(i, i + PARALLEL_READS).map(read))));
  return results;
}

/** The account a watch's money lands in: the wallet itself for SOL, its associated token account for a mint. */
async function accountOf(connection: Connection, watch: AccountWatch): Promise<PublicKey | undefined> {
  const asset = parseAssetId(watch.asset);
  let owner: PublicKey;
  try {
    owner = new PublicKey(watch.recipient);
  } catch {
    return undefined; // not a Solana address: nothing on this chain pays it
  }
  if (asset?.assetNamespace === "slip44") return owner;
  if (asset?.assetNamespace !== "token") return undefined;
  const mint = new PublicKey(asset.assetReference);
  return associatedTokenAccount(mint, owner, await tokenProgramOf(connection, mint));
}

/**
 * Every signature of `account` after `until`, oldest first (the RPC answers newest first, a page at a
 * time); without `until` (an account seen for the first time), its newest `firstSight`.
 */
async function signaturesAfter(
  connection: Connection,
  { account, until, firstSight }: { account: PublicKey; until: string | undefined; firstSight: number },
) {
  const all: { signature: string; err: unknown }[] = [];
  let before: string | undefined;
  let pages = 0;
  for (;;) {
    const limit = until ? PAGE : firstSight;
    const page = await solanaRpc("getSignaturesForAddress", () =>
      connection.getSignaturesForAddress(account, { limit, until, before }, "confirmed"),
    );
    all.push(...page);
    if (!until || page.length < limit || ++pages >= MAX_PAGES) break;
    before = page.at(-1)!.signature;
  }
  return all.reverse().map((s) => ({ signature: s.signature, failed: s.err !== null }));
}

/**
 * The ledger's first read of a pass: for each watched account, the signatures since its cursor.
 * One call per account however many payments are open to it (more only when over a thousand
 * transactions reached it since the last pass).
 */
export async function accountSignatures(
  connection: Connection,
  {
    watches,
    cursors,
    firstSight,
  }: { watches: AccountWatch[]; cursors: ReadonlyMap<string, string>; firstSight: number },
): Promise<AccountSignatures[]> {
  return inBatches(watches, async (watch) => {
    const account = await accountOf(connection, watch);
    if (!account) return { watch, signatures: [] };
    const until = cursors.get(`${watch.recipient} ${watch.asset}`);
    return { watch, signatures: await signaturesAfter(connection, { account, until, firstSight }) };
  });
}

/**
 * The ledger's second read: each transaction once (getTransaction), and in it the transfer to each
 * watch it was listed for. `unread`: signatures the node serving the read did not have yet (behind the
 * one that listed them), to be read again next pass.
 */
export async function accountTransfers(
  network: NetworkConfig,
  reads: { signature: string; watches: AccountWatch[] }[],
  feePayer?: PublicKey,
): Promise<{ transfers: ObservedTransfer[]; unread: string[] }> {
  const transactions = new Map<string, LandedTransaction | null>();
  await inBatches(reads, async ({ signature }) => {
    transactions.set(signature, await readTransaction(network, signature));
  });
  const unread = reads.filter((r) => !transactions.get(r.signature)).map((r) => r.signature);
  const transfers = reads.flatMap(({ signature, watches }) => {
    const tx = transactions.get(signature);
    if (!tx) return [];
    return watches.flatMap((watch) => accountTransferOf(tx, { signature, watch, feePayer }) ?? []);
  });
  return { transfers, unread };
}
