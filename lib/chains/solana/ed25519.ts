import { createPublicKey, verify } from "node:crypto";
import type { PublicKey } from "@solana/web3.js";

/** Whether `signature` is `signer`'s Ed25519 signature over `message` (Node's crypto, no extra library). */
export function isValidSignature(signature: Uint8Array, message: Uint8Array, signer: PublicKey): boolean {
  if (signature.length !== 64) return false;
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: signer.toBuffer().toString("base64url") },
    format: "jwk",
  });
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
