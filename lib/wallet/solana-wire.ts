/*
 * Byte helpers for checking a Solana signer's answer without a Solana library (an EVM-only wallet
 * should not pay for one); the wire split itself is shared with the server's verifier.
 */

export { splitWireTransaction, type WireTransaction } from "@/lib/chains/solana/split-wire-transaction";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard base64, or undefined for anything else. */
export function base64ToBytes(text: string): Uint8Array | undefined {
  if (!BASE64.test(text) || text.length % 4 === 1) return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  // Chunked: String.fromCharCode(...all) overflows the stack on large inputs.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export const isEmptySignature = (sig: Uint8Array) => sig.every((b) => b === 0);
