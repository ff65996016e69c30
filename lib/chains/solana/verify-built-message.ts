import { Message, type PublicKey } from "@solana/web3.js";
import { ChainVerificationError, type BuiltTransaction } from "@/lib/chains/chain-adapter";
import { buildTransferMessage } from "./build-transfer-transaction";
import type { SolanaTransfer } from "./solana-transfer";
import { decodeBase64 } from "./wire-transaction";

/**
 * Verifies that the stored build is this intent's transaction: rebuilt from the intent with the
 * build's own blockhash, the message must come out byte for byte the same. So a build stored
 * against another option (or tampered with at rest) can never be co-signed. Returns its bytes.
 */
export function verifyBuiltMessage(
  built: BuiltTransaction | undefined,
  {
    transfer,
    feePayer,
    tokenProgram,
  }: { transfer: SolanaTransfer; feePayer: PublicKey; tokenProgram: PublicKey | null },
): Uint8Array {
  const bytes = built ? decodeBase64(built.message) : undefined;
  if (!bytes) throw new ChainVerificationError("no transaction was built for this option: fetch it first");
  let blockhash: string;
  try {
    blockhash = Message.from(Buffer.from(bytes)).recentBlockhash;
  } catch {
    throw new ChainVerificationError("the stored build is not a Solana message");
  }
  const expected = buildTransferMessage(transfer, { feePayer, tokenProgram, blockhash });
  if (!expected.equals(bytes))
    throw new ChainVerificationError("the stored build does not match this payment's transfer");
  return bytes;
}
