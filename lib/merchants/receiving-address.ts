import { PublicKey } from "@solana/web3.js";
import { getAddress, isAddress } from "viem";

/**
 * An EVM receiving address, returned in checksum form. Mixed case must carry a valid EIP-55
 * checksum (a typo in one character is caught); all-lowercase or all-uppercase carries none.
 */
export function parseEvmAddress(input: string): string {
  const value = input.trim();
  if (!isAddress(value, { strict: true }) && !/^0x([0-9a-f]{40}|[0-9A-F]{40})$/.test(value)) {
    throw new Error(
      `Invalid EVM address ${JSON.stringify(input)}: expected 0x + 40 hex digits with a valid EIP-55 checksum`,
    );
  }
  return getAddress(value);
}

/** A Solana receiving address: base58 that decodes to exactly 32 bytes. */
export function parseSolanaAddress(input: string): string {
  const value = input.trim();
  try {
    if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) {
      const key = new PublicKey(value);
      if (key.toBase58() === value) return value;
    }
  } catch {
    // fall through to the error below
  }
  throw new Error(`Invalid Solana address ${JSON.stringify(input)}: expected a base58 public key of 32 bytes`);
}
