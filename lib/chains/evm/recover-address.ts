import { recover } from "tiny-secp256k1";
import { getAddress, hexToBytes, keccak256, parseSignature, type Address, type Hex } from "viem";

/**
 * The address whose key made `signature` (65 bytes: r, s, v or yParity) over the 32-byte `hash`, or
 * undefined when it recovers to no key. libsecp256k1 compiled to WebAssembly (tiny-secp256k1) does the
 * curve arithmetic: about 0.25 ms a recovery on this machine, where viem's pure-JS one takes 1.5 ms,
 * and every EIP-3009 confirm recovers its buyer's signature. Throws on a signature that cannot be one
 * (r or s zero or out of range).
 */
export function recoverAddressOf(hash: Hex, signature: Hex): Address | undefined {
  const { r, s, yParity } = parseSignature(signature);
  const compact = new Uint8Array(64);
  compact.set(hexToBytes(r, { size: 32 }), 0);
  compact.set(hexToBytes(s, { size: 32 }), 32);
  const publicKey = recover(hexToBytes(hash, { size: 32 }), compact, yParity as 0 | 1, false);
  // An uncompressed key is 0x04 || x || y: the address is the last 20 bytes of keccak256(x || y).
  return publicKey ? getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`) : undefined;
}
