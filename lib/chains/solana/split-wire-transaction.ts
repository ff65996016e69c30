/*
 * The wire form of a Solana transaction: a compact-u16 signature count, that many 64-byte
 * signatures, then the message every signature signs. Pure byte handling (no Node, no Solana
 * library), shared by the server's verifier and the browser's wallet client: both compare exactly
 * what was signed, never a library's re-serialisation.
 */

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

/** The wire bytes of `signatures` over `message`: the inverse of splitWireTransaction. */
export function joinWireTransaction({ signatures, message }: WireTransaction): Uint8Array {
  const count: number[] = [];
  for (let n = signatures.length; ; n >>= 7) {
    if (n < 0x80) {
      count.push(n);
      break;
    }
    count.push((n & 0x7f) | 0x80);
  }
  const bytes = new Uint8Array(count.length + signatures.length * 64 + message.length);
  bytes.set(count, 0);
  signatures.forEach((signature, i) => {
    if (signature.length !== 64) throw new Error("a Solana signature is 64 bytes");
    bytes.set(signature, count.length + i * 64);
  });
  bytes.set(message, count.length + signatures.length * 64);
  return bytes;
}
