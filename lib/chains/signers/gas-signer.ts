import type { Address, Hex } from "viem";
import { ChainRpcError } from "../chain-adapter";

/**
 * What the EVM adapter needs of its gas key (the relayer): its address, and a signature over a 32-byte
 * hash (of a relay transaction the adapter built), 65 bytes r‖s‖v. A local key and a remote signer (a
 * KMS behind HTTP) both fit, so the code that decides what to sign never holds the key.
 */
export interface EvmGasSigner {
  readonly address: Address;
  /** `transaction` is the unsigned serialized transaction `hash` is the keccak256 of, for a signer's policy. */
  signHash(hash: Hex, transaction: Hex): Promise<Hex>;
}

/** What the Solana adapter needs of its fee payer: its public key (base58) and an Ed25519 signature over a message. */
export interface SolanaGasSigner {
  readonly publicKey: string;
  signMessage(message: Uint8Array): Promise<Uint8Array>;
}

/**
 * A gas key's signer did not give a usable signature (unreachable, refused, or a signature from another
 * key): retryable and not the buyer's fault, like a chain that does not answer; nothing is recorded or sent.
 */
export class SignerError extends ChainRpcError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SignerError";
  }
}
