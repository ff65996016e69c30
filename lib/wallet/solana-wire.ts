/*
 * The Solana transaction wire format, just enough to check a signer's answer without a Solana
 * library (an EVM-only wallet should not pay for one): a compact-u16 signature count, that many
 * 64-byte signatures, then the message every signature signs.
 */

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

export type WireTransaction = { signatures: Uint8Array[]; message: Uint8Array };

/** Splits wire bytes into signatures and message; undefined when the bytes are not a transaction. */
export function splitWireTransaction(bytes: Uint8Array): WireTransaction | undefined {
  let count = 0;
  let offset = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[offset++];
    if (byte === undefined || shift > 14) return undefined;
    count |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  const messageStart = offset + count * 64;
  // A message has at least its 3-byte header, one account key and a blockhash.
  if (count === 0 || messageStart + 3 + 1 + 32 + 32 > bytes.length) return undefined;
  const signatures = Array.from({ length: count }, (_, i) => bytes.slice(offset + i * 64, offset + (i + 1) * 64));
  const message = bytes.slice(messageStart);
  // The message header names how many signatures it requires; a transaction carries exactly that many.
  const header = message[0]! & 0x80 ? message[1]! : message[0]!;
  if (header !== count) return undefined;
  return { signatures, message };
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export const isEmptySignature = (sig: Uint8Array) => sig.every((b) => b === 0);
