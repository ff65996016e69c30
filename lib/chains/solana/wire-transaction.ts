/*
 * The wire form of a transaction: compact-u16 signature count, the 64-byte signatures, then the
 * message bytes that every signature signs. Read straight from the bytes, so the comparison with the
 * built message is of exactly what was signed, never of web3.js's re-serialisation.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard base64 (padding optional), or undefined for anything else. */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (!BASE64.test(text) || text.replace(/=+$/, "").length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, "base64");
  if (bytes.toString("base64").replace(/=+$/, "") !== text.replace(/=+$/, "")) return undefined;
  return new Uint8Array(bytes);
}

export type WireTransaction = { signatures: Uint8Array[]; message: Uint8Array };

/** Splits a serialized transaction into signatures and message, or undefined when it is not one. */
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
  if (count === 0 || messageStart >= bytes.length) return undefined;
  const signatures = Array.from({ length: count }, (_, i) => bytes.slice(offset + i * 64, offset + (i + 1) * 64));
  return { signatures, message: bytes.slice(messageStart) };
}
