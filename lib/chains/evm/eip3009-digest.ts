import { hexToBytes, keccak256, stringToBytes, type Hex } from "viem";
import type { TransferWithAuthorizationTypedData } from "./eip3009-typed-data";
import { domainSeparatorOf } from "./token-domain";

const TYPE_HASH = hexToBytes(
  keccak256(
    stringToBytes(
      "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)",
    ),
  ),
);

/** A 32-byte ABI word: an address left-padded, a uint256 big-endian, a bytes32 as it is. */
function word(value: Hex | bigint): Uint8Array {
  if (typeof value === "bigint") {
    if (value < 0n || value >= 2n ** 256n) throw new Error("uint256 out of range");
    return hexToBytes(`0x${value.toString(16).padStart(64, "0")}`);
  }
  // Left-padded by hand: viem's hexToBytes pads a short value on the right.
  return hexToBytes(`0x${value.slice(2).padStart(64, "0")}`);
}

/**
 * The EIP-712 digest a buyer signs for a TransferWithAuthorization: what viem's `hashTypedData`
 * computes for this one type, byte for byte (tests/unit/eip3009-digest.test.ts), without its
 * generic work per call (validating the types, encoding and hashing the type strings and the
 * domain again), which cost more CPU than recovering the signature on every EIP-3009 confirm.
 * The typed data is ours (built from the intent), so its addresses and numbers are already valid.
 */
export function transferWithAuthorizationDigest({ domain, message }: TransferWithAuthorizationTypedData): Hex {
  const struct = new Uint8Array(7 * 32);
  [
    TYPE_HASH,
    word(message.from),
    word(message.to),
    word(BigInt(message.value)),
    word(BigInt(message.validAfter)),
    word(BigInt(message.validBefore)),
    word(message.nonce),
  ].forEach((w, i) => struct.set(w, i * 32));
  const digest = new Uint8Array(2 + 32 + 32);
  digest.set([0x19, 0x01], 0);
  digest.set(hexToBytes(domainSeparatorOf(domain)), 2);
  digest.set(keccak256(struct, "bytes"), 34);
  return keccak256(digest);
}
