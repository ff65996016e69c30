import { PublicKey, VersionedTransaction } from "@solana/web3.js";
import { z } from "zod";
import { ChainRpcError } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "../network-config";
import { solanaRequest, type SolanaRpcAnswer } from "./solana-connection";

// A JSON number: the node's u64 lamports past 2^53 arrive rounded (as they did through web3.js),
// so whole numbers of any size are taken rather than refused forever.
const whole = z.number().nonnegative().refine(Number.isInteger, "must be a whole number");
const lamports = whole.transform(BigInt);

const tokenBalance = z
  .object({
    accountIndex: whole,
    // Compared as text with the service's own keys, never decoded.
    mint: z.string(),
    owner: z.string().optional(),
    uiTokenAmount: z.object({ amount: z.string().regex(/^\d+$/, "must be base units") }),
  })
  .transform(({ accountIndex, mint, owner, uiTokenAmount }) => ({
    accountIndex,
    mint,
    owner,
    amount: BigInt(uiTokenAmount.amount),
  }));

const meta = z.object({
  err: z.union([z.string(), z.looseObject({})]).nullable(),
  fee: lamports,
  preBalances: z.array(lamports),
  postBalances: z.array(lamports),
  preTokenBalances: z.array(tokenBalance).nullish(),
  postTokenBalances: z.array(tokenBalance).nullish(),
  loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }).optional(),
});

/** getTransaction's answer at encoding base64: only what the service reads of it. */
const answer = z.object({
  slot: whole,
  blockTime: whole.nullish(),
  transaction: z.tuple([z.string(), z.literal("base64")]),
  meta: meta.nullable(),
});

export type TokenBalance = z.output<typeof tokenBalance>;

/** What the service reads of a landed transaction; money in base units (lamports, a mint's units). */
export type LandedTransaction = {
  slot: number;
  blockTime: number | null;
  /** Static keys, then those loaded from lookup tables (writable, readonly): what balances and instructions index. */
  keys: PublicKey[];
  /** The top-level instructions: each one's program and accounts as indexes into `keys`. */
  instructions: { programIdIndex: number; accountKeyIndexes: number[] }[];
  /** Null when the node keeps no status meta for it. */
  meta: {
    err: string | Record<string, unknown> | null;
    fee: bigint;
    preBalances: bigint[];
    postBalances: bigint[];
    preTokenBalances: TokenBalance[];
    postTokenBalances: TokenBalance[];
  } | null;
};

const malformed = (why: string, cause?: unknown) =>
  new ChainRpcError(`Solana RPC getTransaction answered a malformed transaction: ${why}`, { cause });

/**
 * A getTransaction answer (encoding base64) read: null when the node does not have the transaction;
 * a node's error answer or a malformed one is a ChainRpcError (the node's fault: retried). The keys
 * come from the transaction's own bytes (those loaded from lookup tables from the answer's meta, as
 * many as the message looks up), not from base58 text.
 */
export function landedTransactionOf(rpcAnswer: SolanaRpcAnswer): LandedTransaction | null {
  if ("error" in rpcAnswer) throw new ChainRpcError(`Solana RPC getTransaction failed: ${rpcAnswer.error.message}`);
  if (rpcAnswer.result === null) return null;
  const parsed = answer.safeParse(rpcAnswer.result);
  if (!parsed.success) {
    const [issue] = parsed.error.issues; // the first says enough, however long the answer
    throw malformed(`${issue?.message} at ${issue?.path.join(".")}`, parsed.error);
  }
  const { slot, blockTime, transaction, meta } = parsed.data;
  try {
    const { message } = VersionedTransaction.deserialize(Buffer.from(transaction[0], "base64"));
    const loaded = meta?.loadedAddresses;
    const keys = message
      .getAccountKeys({
        accountKeysFromLookups: loaded && {
          writable: loaded.writable.map((k) => new PublicKey(k)),
          readonly: loaded.readonly.map((k) => new PublicKey(k)),
        },
      })
      .keySegments()
      .flat();
    // What the readers index by a key's position must name a key: else they would read another's balance, or none.
    const outOfRange = (i: number) => i >= keys.length;
    const instructions = message.compiledInstructions.map(({ programIdIndex, accountKeyIndexes }) => {
      if (outOfRange(programIdIndex) || accountKeyIndexes.some(outOfRange))
        throw new Error("an instruction names no key");
      return { programIdIndex, accountKeyIndexes };
    });
    if (meta) {
      if (meta.preBalances.length !== keys.length || meta.postBalances.length !== keys.length)
        throw new Error(`${keys.length} keys but ${meta.preBalances.length} and ${meta.postBalances.length} balances`);
      const tokens = [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])];
      if (tokens.some((b) => outOfRange(b.accountIndex))) throw new Error("a token balance names no key");
    }
    return {
      slot,
      blockTime: blockTime ?? null,
      keys,
      instructions,
      meta: meta && {
        err: meta.err,
        fee: meta.fee,
        preBalances: meta.preBalances,
        postBalances: meta.postBalances,
        preTokenBalances: meta.preTokenBalances ?? [],
        postTokenBalances: meta.postTokenBalances ?? [],
      },
    };
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : String(error), error);
  }
}

/**
 * The transaction `signature` at "confirmed" (versions up to 0), or null while the node serving the
 * read does not have it: one JSON-RPC call through the network's shared endpoints, read only as far
 * as the service uses it (landedTransactionOf) instead of web3.js's field-by-field validation of the
 * whole answer and the base58 decoding of its every key.
 */
export async function readTransaction(network: NetworkConfig, signature: string): Promise<LandedTransaction | null> {
  return landedTransactionOf(
    await solanaRequest(network, "getTransaction", [
      signature,
      { commitment: "confirmed", maxSupportedTransactionVersion: 0, encoding: "base64" },
    ]),
  );
}
