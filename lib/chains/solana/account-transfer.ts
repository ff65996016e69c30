import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { SystemProgram, type PublicKey } from "@solana/web3.js";
import type { AccountWatch, ObservedTransfer } from "@/lib/chains/chain-adapter";
import { parseAssetId } from "@/lib/chains/caip";
import type { LandedTransaction, TokenBalance } from "./read-transaction";
import { serviceCostOf } from "./service-cost";

/** Programs whose instructions move an asset: the System program (SOL) and both token programs. */
const MOVERS = new Set([SystemProgram.programId, TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((p) => p.toBase58()));

type Move = { owner: string; change: bigint; index: number };

/** Token balances of `mint` by account index: what each held before or after the transaction. */
function tokenAmounts(balances: TokenBalance[], mint: string): Map<number, TokenBalance> {
  return new Map(balances.filter((b) => b.mint === mint).map((b) => [b.accountIndex, b]));
}

/**
 * Net moves of the mint per token account, with each account's owner. A token account's owner is
 * what the merchant is paid at: a wallet may pay its associated account or any other it owns.
 */
function tokenMoves(tx: LandedTransaction, mint: string): Move[] {
  const pre = tokenAmounts(tx.meta?.preTokenBalances ?? [], mint);
  const post = tokenAmounts(tx.meta?.postTokenBalances ?? [], mint);
  const indexes = new Set([...pre.keys(), ...post.keys()]);
  return [...indexes].flatMap((index) => {
    const owner = post.get(index)?.owner ?? pre.get(index)?.owner;
    if (!owner) return [];
    const amount = (b: TokenBalance | undefined) => b?.amount ?? 0n;
    return [{ owner, change: amount(post.get(index)) - amount(pre.get(index)), index }];
  });
}

/** Net lamport moves per account key (the fee payer's includes the fee). */
function lamportMoves(tx: LandedTransaction, keys: PublicKey[]): Move[] {
  const { preBalances = [], postBalances = [] } = tx.meta ?? {};
  return keys.map((key, i) => ({
    owner: key.toBase58(),
    change: (postBalances[i] ?? 0n) - (preBalances[i] ?? 0n),
    index: i,
  }));
}

/**
 * Where the transfer sits in its transaction, the same wherever it lands: the first top-level
 * instruction of the System or a token program that names one of the recipient's accounts (a
 * Solana Pay transfer's `transferChecked`, not the token account's creation before it); else the
 * first instruction that names one at all; 0 if only an inner instruction does.
 */
function positionOf(tx: LandedTransaction, keys: PublicKey[], accounts: Set<number>): number {
  const instructions = tx.instructions;
  const names = (ix: (typeof instructions)[number]) => ix.accountKeyIndexes.some((i) => accounts.has(i));
  const moving = instructions.findIndex((ix) => names(ix) && MOVERS.has(keys[ix.programIdIndex]!.toBase58()));
  return moving >= 0 ? moving : Math.max(instructions.findIndex(names), 0);
}

/**
 * The transfer a confirmed transaction made to a watched recipient in a watched asset, if any: it
 * succeeded and left the recipient with more of the asset than before (SOL: its own lamports; a
 * token: the sum over the token accounts it owns of the mint). The amount is that net rise, so a
 * transaction that moves money in and out counts what stayed. Whoever sent it, with or without a
 * reference key: `references` lists every key of the transaction (hex), and the ledger binds the
 * transfer to the option whose reference is among them. The sender is the owner whose balance of the
 * asset fell the most (SOL: fee included). The block's own hash is not in getTransaction's answer
 * (getBlock is a heavy read): `blockHash` is `slot:<slot>`, a stand-in the finality watch keeps up to
 * date; a fork shows as the signature going missing. With `feePayer` (the service's), what it paid
 * in the transaction goes with the transfer (service-cost.ts).
 */
export function accountTransferOf(
  tx: LandedTransaction,
  { signature, watch, feePayer }: { signature: string; watch: AccountWatch; feePayer?: PublicKey },
): ObservedTransfer | undefined {
  if (!tx.meta || tx.meta.err !== null || tx.blockTime == null) return undefined;
  const asset = parseAssetId(watch.asset);
  if (!asset || (asset.assetNamespace !== "token" && asset.assetNamespace !== "slip44")) return undefined;
  const keys = tx.keys;
  const moves = asset.assetNamespace === "token" ? tokenMoves(tx, asset.assetReference) : lamportMoves(tx, keys);
  const mine = moves.filter((m) => m.owner === watch.recipient);
  const amount = mine.reduce((sum, m) => sum + m.change, 0n);
  if (amount <= 0n) return undefined;
  const sender = moves
    .filter((m) => m.owner !== watch.recipient && m.change < 0n)
    .sort((a, b) => (a.change < b.change ? -1 : a.change > b.change ? 1 : 0))[0]?.owner;
  const paidByService = feePayer && serviceCostOf(tx, { signature, feePayer, recipient: watch.recipient });
  return {
    txHash: signature,
    position: positionOf(tx, keys, new Set(mine.map((m) => m.index))),
    blockNumber: BigInt(tx.slot),
    blockHash: `slot:${tx.slot}`,
    blockTime: new Date(tx.blockTime * 1000),
    sender: sender ?? "unknown",
    recipient: watch.recipient,
    asset: watch.asset,
    amount,
    references: keys.map((k) => `0x${k.toBuffer().toString("hex")}`),
    ...(paidByService ? { paidByService } : {}),
  };
}
