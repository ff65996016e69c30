import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { PublicKey, type Connection, type TokenBalance, type VersionedTransactionResponse } from "@solana/web3.js";
import { parseAssetId } from "@/lib/chains/caip";
import { ChainVerificationError, type Observation, type RefundIntent } from "@/lib/chains/chain-adapter";
import { decodeBase58 } from "./base58";
import { solanaRpc } from "./solana-connection";
import { tokenProgramOf } from "./token-program";

const FINALIZED_DEPTH = 32;
// As for payments: block times are the leader's estimate and may lag the service's clock.
const BLOCK_TIME_SKEW_SECONDS = 60;

function key(value: string, what: string): PublicKey {
  try {
    return new PublicKey(value);
  } catch {
    throw new ChainVerificationError(`${what} is not a Solana address: ${value}`);
  }
}

/** How much of `mint` the token account changed by in this transaction (negative: it sent). */
function balanceChange(tx: VersionedTransactionResponse, account: PublicKey, mint: PublicKey): bigint {
  const keys = tx.transaction.message
    .getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses })
    .keySegments()
    .flat();
  const index = keys.findIndex((k) => k.equals(account));
  const amountIn = (balances: TokenBalance[] | null | undefined) =>
    BigInt(balances?.find((b) => b.accountIndex === index && b.mint === mint.toBase58())?.uiTokenAmount.amount ?? "0");
  return index < 0 ? 0n : amountIn(tx.meta?.postTokenBalances) - amountIn(tx.meta?.preTokenBalances);
}

/**
 * A refund the merchant's wallet signed and sent (its own fee payer): confirmed once its status
 * reaches the network's depth, it succeeded, the merchant's associated token account of the mint
 * fell and the buyer's rose by exactly the amount, and its block time is no earlier than
 * `notBefore` (less a minute of clock skew). Unknown while the network has no status for it.
 */
export async function verifyRefundSignature(
  connection: Connection,
  intent: RefundIntent,
  signature: string,
): Promise<Observation> {
  if (decodeBase58(signature)?.length !== 64) throw new ChainVerificationError("not a transaction signature");
  const asset = parseAssetId(intent.token.caip19);
  if (!asset || asset.assetNamespace !== "token")
    throw new ChainVerificationError(`not an SPL token: ${intent.token.caip19}`);
  const mint = key(asset.assetReference, "token mint");
  const tokenProgram = await tokenProgramOf(connection, mint);
  const merchantAccount = getAssociatedTokenAddressSync(mint, key(intent.from, "merchant"), true, tokenProgram);
  const buyerAccount = getAssociatedTokenAddressSync(mint, key(intent.to, "buyer"), true, tokenProgram);

  const { value } = await solanaRpc("getSignatureStatuses", () =>
    connection.getSignatureStatuses([signature], { searchTransactionHistory: true }),
  );
  const status = value[0];
  if (!status) return { state: "unknown", nonceUsed: false, expired: false };
  if (status.err) return { state: "failed", reason: `transaction failed on chain: ${JSON.stringify(status.err)}` };
  const finalized = status.confirmationStatus === "finalized";
  if (!finalized && !(intent.network.confirmations <= 1 && status.confirmationStatus === "confirmed"))
    return { state: "pending", mined: true };

  const tx = await solanaRpc("getTransaction", () =>
    connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }),
  );
  if (!tx?.meta || tx.blockTime == null) return { state: "pending", mined: true };
  if (tx.meta.err) return { state: "failed", reason: `transaction failed on chain: ${JSON.stringify(tx.meta.err)}` };
  const sent = -balanceChange(tx, merchantAccount, mint);
  const received = balanceChange(tx, buyerAccount, mint);
  if (sent !== intent.amount || received !== intent.amount) {
    return {
      state: "failed",
      reason: `the merchant's token account sent ${sent} and the buyer's received ${received} base units, expected ${intent.amount}`,
    };
  }
  if (tx.blockTime < Math.floor(intent.notBefore.getTime() / 1000) - BLOCK_TIME_SKEW_SECONDS) {
    return { state: "failed", reason: "transaction landed before the payment succeeded" };
  }
  return {
    state: "confirmed",
    txHash: signature,
    confirmations: finalized ? FINALIZED_DEPTH : (status.confirmations ?? 0) + 1,
  };
}
