import { PublicKey } from "@solana/web3.js";
import { ChainVerificationError, type TransferIntent } from "@/lib/chains/chain-adapter";
import { namespaceOf, parseAssetId } from "@/lib/chains/caip";

const U64_MAX = 2n ** 64n - 1n;

/** A Solana transfer intent with its addresses decoded: an SPL token's, or SOL's own. */
export type SolanaTransfer = {
  /** The SPL mint; null for SOL itself (a system transfer, no token accounts). */
  mint: PublicKey | null;
  decimals: number;
  amount: bigint;
  payer: PublicKey;
  recipient: PublicKey;
  /** Solana Pay style reference key: the intent's 32 reference bytes as a public key. */
  reference: PublicKey;
  /** The intent's reference, 0x-hex, as the memo names it. */
  referenceHex: `0x${string}`;
  /** Who funds the merchant's token account if the transaction creates it. */
  rentPayer: "service" | "buyer";
};

function publicKey(value: string, what: string): PublicKey {
  try {
    return new PublicKey(value);
  } catch {
    throw new ChainVerificationError(`${what} is not a Solana address: ${value}`);
  }
}

/**
 * Decodes and checks an intent for this adapter: a Solana network, an SPL `token:<mint>` asset of that
 * network paid by spl_transfer or its SOL (`slip44:501`) paid by sol_transfer, valid addresses, an amount
 * that fits a u64, a 32-byte reference.
 */
export function solanaTransferOf(intent: TransferIntent): SolanaTransfer {
  const { network, token } = intent;
  if (namespaceOf(network.chainId) !== "solana")
    throw new ChainVerificationError(`not a Solana network: ${network.chainId}`);
  const kind = intent.method === "spl_transfer" ? "token" : intent.method === "sol_transfer" ? "slip44" : undefined;
  if (!kind) throw new ChainVerificationError(`the Solana adapter does not do ${intent.method}`);
  const asset = parseAssetId(token.caip19);
  if (!asset || asset.chain.id !== network.chainId || asset.assetNamespace !== kind) {
    throw new ChainVerificationError(`${intent.method} does not pay ${token.caip19} on ${network.chainId}`);
  }
  if (intent.amount <= 0n || intent.amount > U64_MAX)
    throw new ChainVerificationError(`amount out of range: ${intent.amount}`);
  if (!/^0x[0-9a-fA-F]{64}$/.test(intent.reference))
    throw new ChainVerificationError("reference must be 32 bytes of 0x-hex");
  return {
    mint: kind === "token" ? publicKey(asset.assetReference, "token mint") : null,
    decimals: token.decimals,
    amount: intent.amount,
    payer: publicKey(intent.payer, "payer"),
    recipient: publicKey(intent.recipient, "recipient"),
    reference: new PublicKey(Buffer.from(intent.reference.slice(2), "hex")),
    referenceHex: intent.reference.toLowerCase() as `0x${string}`,
    rentPayer: intent.rentPayer ?? "service",
  };
}
