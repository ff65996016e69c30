import type { VersionedTransactionResponse } from "@solana/web3.js";

/**
 * What the service's readers use of web3.js's getTransaction answer, in LandedTransaction's terms (keys as
 * text, money as bigint): the reference that lib/chains/solana/read-transaction.ts is held against.
 */
export function web3Figures(tx: VersionedTransactionResponse) {
  const { message } = tx.transaction;
  const { meta } = tx;
  const tokens = (balances: NonNullable<typeof meta>["preTokenBalances"]) =>
    (balances ?? []).map((b) => ({
      accountIndex: b.accountIndex,
      mint: b.mint,
      owner: b.owner,
      amount: BigInt(b.uiTokenAmount.amount),
    }));
  return {
    slot: tx.slot,
    blockTime: tx.blockTime ?? null,
    keys: message.getAccountKeys({ accountKeysFromLookups: meta?.loadedAddresses }).keySegments().flat().map(String),
    instructions: message.compiledInstructions.map(({ programIdIndex, accountKeyIndexes }) => ({
      programIdIndex,
      accountKeyIndexes,
    })),
    meta: meta && {
      err: meta.err,
      fee: BigInt(meta.fee),
      preBalances: meta.preBalances.map(BigInt),
      postBalances: meta.postBalances.map(BigInt),
      preTokenBalances: tokens(meta.preTokenBalances),
      postTokenBalances: tokens(meta.postTokenBalances),
    },
  };
}
