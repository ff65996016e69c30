/* Base64 as Solana RPCs and wallets carry transactions (the split is in split-wire-transaction.ts). */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard base64 (padding optional), or undefined for anything else. */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (!BASE64.test(text) || text.replace(/=+$/, "").length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, "base64");
  if (bytes.toString("base64").replace(/=+$/, "") !== text.replace(/=+$/, "")) return undefined;
  return new Uint8Array(bytes);
}
