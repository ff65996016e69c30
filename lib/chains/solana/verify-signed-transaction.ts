import { Message, type PublicKey } from "@solana/web3.js";
import { ChainVerificationError } from "@/lib/chains/chain-adapter";
import { decodeBase58 } from "./base58";
import { isValidSignature } from "./ed25519";
import { splitWireTransaction, type WireTransaction } from "./split-wire-transaction";
import { decodeBase64 } from "./wire-transaction";

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

function decodeResult(result: string): Uint8Array {
  const bytes = decodeBase64(result);
  // A wallet that returns only its signature (64 bytes, base64 or base58) leaves nothing to co-sign.
  // (An 88-character base58 signature is also valid base64, of 66 meaningless bytes.)
  if (bytes?.length === 64 || (result.length <= 88 && decodeBase58(result)?.length === 64)) {
    throw new ChainVerificationError(
      "solana_signTransaction returned a detached signature; the whole signed transaction (base64) is required",
    );
  }
  if (!bytes) throw new ChainVerificationError("solana_signTransaction result is not base64");
  return bytes;
}

/**
 * Verifies a wallet's solana_signTransaction result before the service co-signs it: a whole
 * transaction (not a detached signature) whose message is byte-identical to `builtMessage`, whose
 * fee payer is the service's key, and which carries the payer's valid Ed25519 signature over that
 * message. Returns its signatures and message, the fee payer's slot (the first) left to fill.
 */
export function verifySignedTransaction(
  result: string,
  { builtMessage, payer, feePayer }: { builtMessage: Uint8Array; payer: PublicKey; feePayer: PublicKey },
): WireTransaction {
  const bytes = decodeResult(result);
  const wire = splitWireTransaction(bytes);
  if (!wire) throw new ChainVerificationError("solana_signTransaction result is not a serialized transaction");
  if (!sameBytes(wire.message, builtMessage)) {
    throw new ChainVerificationError("transaction altered: its message differs from the one the service built");
  }
  const message = Message.from(Buffer.from(wire.message));
  const signers = message.accountKeys.slice(0, message.header.numRequiredSignatures);
  if (wire.signatures.length !== signers.length)
    throw new ChainVerificationError("signature count does not match the message's signers");
  if (!signers[0]?.equals(feePayer))
    throw new ChainVerificationError("the transaction's fee payer is not the service's key");
  const index = signers.findIndex((key) => key.equals(payer));
  const signature = wire.signatures[index];
  if (index < 1 || !signature) throw new ChainVerificationError("the payer is not a signer of this transaction");
  if (signature.every((byte) => byte === 0)) throw new ChainVerificationError("the payer's signature is missing");
  if (!isValidSignature(signature, wire.message, payer)) {
    throw new ChainVerificationError(
      "the payer's signature does not verify: signed by another key or over another message",
    );
  }
  return wire;
}
