import type { SolanaSigner } from "./signers";
import { base64ToBytes, bytesToBase64, isEmptySignature, sameBytes, splitWireTransaction } from "./solana-wire";
import { WalletFlowError } from "./wallet-error";
import { withSigner } from "./with-signer";

/**
 * solana_signTransaction (spec 4.5 rule 4): unwraps `[{"transaction":"<base64>"}]`, has the
 * signer sign the decoded transaction and returns the whole signed transaction in base64. The
 * answer must be the very transaction given (same message bytes, same signature slots, signatures
 * already present untouched) with at least one signature added: a detached signature, or any
 * other transaction, never reaches confirm. Nothing is ever sent (rule 5).
 */
export async function signSolanaAction(params: unknown[], chainId: string, signer: SolanaSigner): Promise<string> {
  const first: unknown = params[0];
  const text =
    first !== null && typeof first === "object" ? (first as { transaction?: unknown }).transaction : undefined;
  if (params.length !== 1 || typeof text !== "string")
    throw new WalletFlowError("invalid_action", 'solana_signTransaction params must be [{"transaction":"<base64>"}].');
  const unsigned = base64ToBytes(text);
  const before = unsigned && splitWireTransaction(unsigned);
  if (!unsigned || !before)
    throw new WalletFlowError("invalid_action", "The transaction to sign is not a base64 Solana transaction.");

  const signed = await withSigner(() => signer.signTransaction(unsigned.slice(), chainId));
  const after = signed instanceof Uint8Array ? splitWireTransaction(signed) : undefined;
  if (!after || !sameBytes(after.message, before.message) || after.signatures.length !== before.signatures.length) {
    throw new WalletFlowError(
      "invalid_result",
      "The Solana wallet did not return the signed transaction it was given.",
    );
  }
  let added = false;
  for (const [i, sig] of after.signatures.entries()) {
    const prior = before.signatures[i]!;
    if (isEmptySignature(prior)) added ||= !isEmptySignature(sig);
    else if (!sameBytes(prior, sig))
      throw new WalletFlowError("invalid_result", "The Solana wallet replaced a signature it did not own.");
  }
  if (!added)
    throw new WalletFlowError("invalid_result", "The Solana wallet returned the transaction without its signature.");
  return bytesToBase64(signed!);
}
