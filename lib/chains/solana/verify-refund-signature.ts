import { PublicKey } from "@solana/web3.js";
import { parseAssetId } from "@/lib/chains/caip";
import { ChainVerificationError, type Observation, type RefundIntent } from "@/lib/chains/chain-adapter";
import { balanceChange } from "./balance-change";
import { decodeBase58 } from "./base58";
import { readTransaction } from "./read-transaction";
import { solanaConnection, solanaRpc } from "./solana-connection";
import { tokenProgramOf } from "./token-program";
import { associatedTokenAccount } from "./associated-account";

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

/**
 * A refund the merchant's wallet signed and sent (its own fee payer): confirmed once its status
 * reaches the network's depth, it succeeded, the merchant's associated token account of the mint
 * fell and the buyer's rose by exactly the amount (SOL: the buyer rose by exactly the amount and the
 * merchant, who also paid the fee, fell by at least it), and its block time is no earlier than
 * `notBefore` (less a minute of clock skew). Unknown while the network has no status for it.
 */
export async function verifyRefundSignature(intent: RefundIntent, signature: string): Promise<Observation> {
  const connection = solanaConnection(intent.network);
  if (decodeBase58(signature)?.length !== 64) throw new ChainVerificationError("not a transaction signature");
  const asset = parseAssetId(intent.token.caip19);
  if (!asset || (asset.assetNamespace !== "token" && asset.assetNamespace !== "slip44"))
    throw new ChainVerificationError(`not an SPL token or SOL: ${intent.token.caip19}`);
  const mint = asset.assetNamespace === "token" ? key(asset.assetReference, "token mint") : null;
  const merchant = key(intent.from, "merchant");
  const buyer = key(intent.to, "buyer");
  const tokenProgram = mint ? await tokenProgramOf(connection, mint) : null;
  const merchantAccount = mint && tokenProgram ? associatedTokenAccount(mint, merchant, tokenProgram) : merchant;
  const buyerAccount = mint && tokenProgram ? associatedTokenAccount(mint, buyer, tokenProgram) : buyer;

  const { value } = await solanaRpc("getSignatureStatuses", () =>
    connection.getSignatureStatuses([signature], { searchTransactionHistory: true }),
  );
  const status = value[0];
  if (!status) return { state: "unknown", nonceUsed: false, expired: false };
  if (status.err) return { state: "failed", reason: `transaction failed on chain: ${JSON.stringify(status.err)}` };
  const finalized = status.confirmationStatus === "finalized";
  if (!finalized && !(intent.network.confirmations <= 1 && status.confirmationStatus === "confirmed"))
    return { state: "pending", mined: true };

  const tx = await readTransaction(intent.network, signature);
  if (!tx?.meta || tx.blockTime == null) return { state: "pending", mined: true };
  if (tx.meta.err) return { state: "failed", reason: `transaction failed on chain: ${JSON.stringify(tx.meta.err)}` };
  const sent = -balanceChange(tx, merchantAccount, mint);
  const received = balanceChange(tx, buyerAccount, mint);
  // Moving SOL costs the merchant its fee on top; a token account pays no fee.
  if ((mint ? sent !== intent.amount : sent < intent.amount) || received !== intent.amount) {
    return {
      state: "failed",
      reason: `the merchant's token account sent ${sent} and the buyer's received ${received} base units, expected ${intent.amount}`,
    };
  }
  if (tx.blockTime < Math.floor(intent.notBefore.getTime() / 1000) - BLOCK_TIME_SKEW_SECONDS) {
    return { state: "failed", reason: "transaction landed before the payment succeeded" };
  }
  // Slot order, not clocks: a transfer made before (or with) the payment cannot refund it.
  if (intent.paidBy) {
    const paid = await readTransaction(intent.network, intent.paidBy);
    if (paid && tx.slot <= paid.slot)
      return { state: "failed", reason: "the transaction landed before the payment's own transfer" };
  }
  return {
    state: "confirmed",
    txHash: signature,
    confirmations: finalized ? FINALIZED_DEPTH : (status.confirmations ?? 0) + 1,
  };
}
