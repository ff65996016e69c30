/*
 * Base58 (Bitcoin alphabet) for signatures: web3.js 1.x exports no codec for 64-byte values, and
 * its own bs58 is not a dependency of ours.
 */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

export function encodeBase58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let text = "";
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) text = `1${text}`;
  return text;
}

/** The bytes of a base58 string, or undefined when it is not base58. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (let i = 0; i < text.length && text[i] === "1"; i++) bytes.unshift(0);
  return Uint8Array.from(bytes);
}
